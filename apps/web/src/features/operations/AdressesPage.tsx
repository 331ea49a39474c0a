import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Adresses': brought by a later version. */
export default function AdressesPage() {
  return <PlaceholderPage title="Adresses" />;
}
