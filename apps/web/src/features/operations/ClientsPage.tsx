import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Clients': brought by a later version. */
export default function ClientsPage() {
  return <PlaceholderPage title="Clients" />;
}
