import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Pieces de caisse': brought by a later version. */
export default function PiecesDeCaissePage() {
  return <PlaceholderPage title="Pieces de caisse" />;
}
