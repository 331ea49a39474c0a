import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Parametres des vehicules': brought by a later version. */
export default function VehiculesConfigPage() {
  return <PlaceholderPage title="Parametres des vehicules" nested />;
}
