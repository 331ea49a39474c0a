import {
  type BalanceAgeeClientOut,
  type BalanceAgeeOut,
  balanceAgeeEndpoint,
  endpointPath,
  formatDate,
  releveEndpoint,
  TRANCHES_AGE,
} from '@yams/shared';
import { Button } from 'antd';
import { endpointQuery } from '../../base/endpointQuery';
import { downloadApiFile } from '../../components/export/download';
import { isSuperadmin } from '../../components/list/tenant';
import type { DisplayField } from '../../components/list/types';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { avantEntreprise, filtreClient, filtreEntreprise } from './rapportsFiltres';

// Balance âgée clients: what each client owes on the period's last day, by days past the due dates, with its
// relevé de compte over the period as a PDF to send.

const LABELS: Record<string, string> = {
  client_nom: 'Client',
  ...Object.fromEntries(TRANCHES_AGE.map((t) => [t.cle, t.libelle])),
  total: 'Total',
  releve: 'Relevé',
};

/** The client's relevé of the period as a PDF (`GET /api/comptabilite/clients/{id}/releve?format=pdf`). */
function ReleveButton({ client, values }: { client: BalanceAgeeClientOut; values: ReportValues }) {
  return (
    <Button
      size="small"
      aria-label={`Relevé de compte de ${client.client_nom}`}
      onClick={() =>
        void downloadApiFile(
          endpointPath(releveEndpoint, { id: client.client_id }),
          {
            date_debut: values.date_debut,
            date_fin: values.date_fin,
            entreprise: values.entreprise,
            format: 'pdf',
          },
          `releve-${client.client_id}-${values.date_debut}-${values.date_fin}.pdf`,
        ).catch(() => undefined)
      }
    >
      Relevé PDF
    </Button>
  );
}

const fields = (values: ReportValues): DisplayField<BalanceAgeeClientOut>[] => [
  { key: 'client_nom' },
  ...TRANCHES_AGE.map((t) => ({ key: t.cle, format: 'money' as const })),
  { key: 'total', format: 'money' },
  { key: 'releve', render: (c) => <ReleveButton client={c} values={values} /> },
];

const query = (v: ReportValues) => ({ date: v.date_fin, client: v.client, entreprise: v.entreprise });

const balanceAgee = (superadmin: boolean): ReportDecl<BalanceAgeeOut> => ({
  title: 'Balance âgée clients',
  filterLabel: 'Filtrer la balance âgée',
  // The ages are counted on the last day; the first one is the start of the relevés.
  period: { defaut: 'annee' },
  filters: [...filtreEntreprise(superadmin), filtreClient],
  query: (v) => endpointQuery(balanceAgeeEndpoint, { query: query(v) }),
  summary: ({ data }) => [
    { label: 'Total dû', value: data.totaux.total, format: 'money' },
    { label: 'Non échu', value: data.totaux.non_echu, format: 'money' },
    {
      label: 'Échu depuis plus de 60 jours',
      value: data.totaux.j61_90 + data.totaux.plus_90,
      format: 'money',
    },
    { label: 'Clients', value: data.clients.length, format: 'number' },
  ],
  sections: [
    {
      key: 'clients',
      label: 'Balance âgée par client',
      title: ({ values }) => `Au ${formatDate(values.date_fin)}, par jours de retard`,
      render: ({ data, values, loading }) => (
        <ReportTable
          rows={data?.clients ?? []}
          fields={fields(values)}
          labels={LABELS}
          rowKey="client_id"
          loading={loading}
        />
      ),
    },
  ],
  exports: {
    endpoint: balanceAgeeEndpoint,
    formats: ['xlsx', 'pdf'],
    query,
    name: (v) => `Balance âgée ${v.date_fin}`,
  },
});

export default function BalanceAgeePage() {
  const superadmin = isSuperadmin();
  return <ReportScreen decl={balanceAgee(superadmin)} idle={avantEntreprise(superadmin)} />;
}
