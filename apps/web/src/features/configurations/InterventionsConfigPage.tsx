import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Parametres des interventions': brought by a later version. */
export default function InterventionsConfigPage() {
  return <PlaceholderPage title="Parametres des interventions" nested />;
}
