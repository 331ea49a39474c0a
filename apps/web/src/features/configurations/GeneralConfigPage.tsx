import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Configuration générale': brought by a later version. */
export default function GeneralConfigPage() {
  return <PlaceholderPage title="Configuration générale" nested />;
}
