import type { ReferenceTable } from '@yams/shared';
import { ReferenceTabs } from './ReferenceTabs';

const TABLES: ReferenceTable[] = ['garages', 'services', 'fournisseurs'];

/** Paramètres des interventions: Garages, Services, Fournisseurs (`#services`, `#fournisseurs` open theirs). */
export default function InterventionsConfigPage() {
  return <ReferenceTabs tables={TABLES} />;
}
