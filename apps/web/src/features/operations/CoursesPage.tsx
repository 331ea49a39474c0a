import { PlaceholderPage } from '../../components/PlaceholderPage';

/** Screen 'Courses': brought by a later version. */
export default function CoursesPage() {
  return <PlaceholderPage title="Courses" />;
}
