import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Interventions': brought by a later version. */
export default function InterventionsPage() {
  return <PlaceholderPage title="Interventions" />;
}
