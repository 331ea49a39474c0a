import type { ReferenceTable } from '@yams/shared';
import { Alert, Spin } from 'antd';
import { ReferenceTabs } from './ReferenceTabs';
import { useAvailability } from './useAvailability';

const TABLES: ReferenceTable[] = ['garages', 'services', 'fournisseurs'];

/**
 * Paramètres des interventions: Garages, Services, Fournisseurs (`#services`, `#fournisseurs` open theirs),
 * shown once the three tables answer (probed every 2 s, as the interventions service may start later).
 */
export default function InterventionsConfigPage() {
  const { ready, waiting } = useAvailability(TABLES);
  if (ready) return <ReferenceTabs tables={TABLES} />;
  return (
    <div style={{ padding: 24, textAlign: 'center' }} aria-busy="true">
      <Spin />
      {waiting && (
        <Alert
          style={{ marginTop: 16, textAlign: 'left' }}
          type="info"
          showIcon
          message="Les paramètres des interventions ne sont pas encore disponibles : nouvel essai toutes les 2 secondes."
        />
      )}
    </div>
  );
}
