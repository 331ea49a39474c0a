import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Véhicules': brought by a later version. */
export default function VehiculesPage() {
  return <PlaceholderPage title="Véhicules" />;
}
