import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Factures': brought by a later version. */
export default function FacturesPage() {
  return <PlaceholderPage title="Factures" />;
}
