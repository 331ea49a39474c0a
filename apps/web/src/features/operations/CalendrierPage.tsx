import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Calendrier': brought by a later version. */
export default function CalendrierPage() {
  return <PlaceholderPage title="Calendrier" />;
}
