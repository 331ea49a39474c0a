import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Tableau de bord': brought by a later version. */
export default function DashboardPage() {
  return <PlaceholderPage title="Tableau de bord" />;
}
