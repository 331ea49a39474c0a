import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Parametres des courses': brought by a later version. */
export default function CoursesConfigPage() {
  return <PlaceholderPage title="Parametres des courses" nested />;
}
