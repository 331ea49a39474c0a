import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Utilisateurs connectes': brought by a later version. */
export default function ActiveUsersPage() {
  return <PlaceholderPage title="Utilisateurs connectes" />;
}
