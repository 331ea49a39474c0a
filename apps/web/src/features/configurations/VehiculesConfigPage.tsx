import type { ReferenceTable } from '@yams/shared';
import { ReferenceTabs } from './ReferenceTabs';

const TABLES: ReferenceTable[] = ['articles', 'types_vehicules', 'types_articles'];

/** Paramètres des véhicules: Articles, Types de véhicules, Types d'articles. */
export default function VehiculesConfigPage() {
  return <ReferenceTabs tables={TABLES} />;
}
