import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Ressources Humaines': brought by a later version. */
export default function UtilisateursPage() {
  return <PlaceholderPage title="Ressources Humaines" />;
}
