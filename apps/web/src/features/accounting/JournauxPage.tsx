import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Journaux': brought by a later version. */
export default function JournauxPage() {
  return <PlaceholderPage title="Journaux" />;
}
