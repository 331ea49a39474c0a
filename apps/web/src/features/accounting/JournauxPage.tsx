import { useQueryClient } from '@tanstack/react-query';
import { JOURNAL_ENTREPRISE, JOURNAUX, libelleValeur } from '@yams/shared';
import { Alert, Button } from 'antd';
import { useMemo, useState } from 'react';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { isSuperadmin, TENANT_LABEL } from '../../components/list/tenant';
import { ReportScreen } from '../../components/report/ReportScreen';
import type { ReportDecl } from '../../components/report/types';
import { useReport } from '../../components/report/useReport';
import { journaux } from './api';
import { BalanceGenerale } from './BalanceGenerale';
import { JournalLines } from './JournalLignes';
import { OperationDetail } from './OperationDetail';
import { OperationDiverseForm } from './OperationDiverseForm';

/**
 * Journaux: the filter of the specification (dates required, journal, account; 'Charger', 'Réinitialiser'),
 * then the lines with each account's running balance and the balance générale, as tabs. A superadmin first
 * names the company (each company keeps its own books; the API refuses them mixed).
 */
export function journauxDecl(superadmin: boolean, onOpen: (id: number) => void): ReportDecl<never> {
  return {
    title: 'Journaux',
    filterLabel: 'Filtrer les journaux',
    period: { defaut: 'mois' },
    filters: [
      ...(superadmin
        ? [
            {
              name: 'entreprise',
              label: TENANT_LABEL,
              required: JOURNAL_ENTREPRISE,
              input: <EntrepriseSelect />,
              keep: true,
            },
          ]
        : []),
      { name: 'type', label: 'Type', options: JOURNAUX.map((j) => ({ value: j, label: libelleValeur(j) })) },
      { name: 'compte', label: 'Compte', placeholder: 'ex. 411', width: 120 },
    ],
    // The journals open on the current month, newest first (the specification's first view; not on the first
    // entry ever written), until another period is loaded.
    load: 'ouverture',
    tabs: true,
    sections: [
      {
        key: 'journal',
        label: 'Écritures',
        render: ({ values }) => <JournalLines key={JSON.stringify(values)} filtre={values} onOpen={onOpen} />,
      },
      {
        key: 'balance',
        label: 'Balance générale',
        render: ({ values }) => <BalanceGenerale filtre={values} />,
      },
    ],
  };
}

export default function JournauxPage() {
  const superadmin = isSuperadmin();
  const [open, setOpen] = useState<number | null>(null);
  const [od, setOd] = useState(false);
  const queryClient = useQueryClient();
  const decl = useMemo(() => journauxDecl(superadmin, setOpen), [superadmin]);
  const { applied } = useReport(decl);
  return (
    <>
      <ReportScreen
        decl={decl}
        extra={
          <Button type="primary" onClick={() => setOd(true)}>
            Ajouter une opération diverse
          </Button>
        }
        idle={<Alert type="info" showIcon message={JOURNAL_ENTREPRISE} />}
      />
      <OperationDetail id={open} onClose={() => setOpen(null)} />
      <OperationDiverseForm
        open={od}
        entreprise={superadmin ? (applied?.entreprise ? Number(applied.entreprise) : null) : undefined}
        onClose={() => setOd(false)}
        onSaved={() => {
          setOd(false);
          void queryClient.invalidateQueries({ queryKey: journaux.keys.all });
        }}
      />
    </>
  );
}
