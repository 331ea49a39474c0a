import type { ReferenceTable } from '@yams/shared';
import { ReferenceTabs } from './ReferenceTabs';

const TABLES: ReferenceTable[] = ['trajets'];

/** Paramètres des courses: Trajets (their montant prices a new course when chosen in its form). */
export default function CoursesConfigPage() {
  return <ReferenceTabs tables={TABLES} />;
}
