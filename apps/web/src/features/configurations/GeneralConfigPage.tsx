import type { ReferenceTable } from '@yams/shared';
import { ReferenceTabs } from './ReferenceTabs';

const TABLES: ReferenceTable[] = ['villes', 'types_marchandises'];

/** Configuration générale: Villes (10 a page) and Types de marchandise. */
export default function GeneralConfigPage() {
  return <ReferenceTabs tables={TABLES} />;
}
