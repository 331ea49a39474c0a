import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Demandes': brought by a later version. */
export default function DemandesPage() {
  return <PlaceholderPage title="Demandes" />;
}
