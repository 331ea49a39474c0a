import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Achats': brought by a later version. */
export default function AchatsPage() {
  return <PlaceholderPage title="Achats" />;
}
