import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Geolocalisation': brought by a later version. */
export default function GeolocalisationPage() {
  return <PlaceholderPage title="Geolocalisation" />;
}
