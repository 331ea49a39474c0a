import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Paiements': brought by a later version. */
export default function PaiementsPage() {
  return <PlaceholderPage title="Paiements" />;
}
