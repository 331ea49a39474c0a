import {
  type CompteGrandLivreOut,
  exportComptableEndpoint,
  type GrandLivreOut,
  grandLivreEndpoint,
  type LigneGrandLivreOut,
} from '@yams/shared';
import { Button, Space } from 'antd';
import { endpointQuery } from '../../base/endpointQuery';
import { downloadApiFile } from '../../components/export/download';
import { isSuperadmin } from '../../components/list/tenant';
import type { DisplayField } from '../../components/list/types';
import { Money } from '../../components/Money';
import { ReportSection } from '../../components/ReportSection';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { avantEntreprise, filtreClient, filtreEntreprise } from './rapportsFiltres';
import { Mouvement, Solde, soldeDC } from './Solde';

// Grand livre: an account (or those under it: 41, 52…) or a client, line by line with its running balance,
// between its opening and closing balances; and the period's entries for the accountant's software.

const LABELS = {
  date_operation: 'Date',
  journal: 'Journal',
  piece: 'Pièce',
  libelle: 'Libellé',
  tiers: 'Tiers',
  debit: 'Débit',
  credit: 'Crédit',
  solde: 'Solde',
};
const FIELDS: DisplayField<LigneGrandLivreOut>[] = [
  { key: 'date_operation', format: 'date' },
  { key: 'journal' },
  { key: 'piece' },
  { key: 'libelle' },
  { key: 'tiers' },
  { key: 'debit', format: 'money', render: (l) => <Mouvement value={l.debit} /> },
  { key: 'credit', format: 'money', render: (l) => <Mouvement value={l.credit} /> },
  { key: 'solde', format: 'money', render: (l) => <Solde value={l.solde} /> },
];

function Compte({ c }: { c: CompteGrandLivreOut }) {
  return (
    <ReportSection
      label={`Compte ${c.compte}`}
      title={
        <>
          {c.compte} — {c.libelle} : ouverture <Solde value={c.solde_ouverture} />, débit{' '}
          <Money value={c.total_debit} />, crédit <Money value={c.total_credit} />, clôture{' '}
          <Solde value={c.solde_cloture} strong />
        </>
      }
    >
      <ReportTable
        rows={c.lignes}
        fields={FIELDS}
        labels={LABELS}
        rowKey="id"
        emptyText="Aucun mouvement sur la période"
      />
    </ReportSection>
  );
}

/** The API's query: `client` → `tiers=client:{id}`. */
const query = (v: ReportValues) => ({
  date_debut: v.date_debut,
  date_fin: v.date_fin,
  compte: v.compte,
  tiers: v.client ? `client:${v.client}` : undefined,
  entreprise: v.entreprise,
});

/** The period's entries (CSV or Excel) for the accountant's software. */
function ExportEcritures({ values }: { values: ReportValues }) {
  const telecharger = (format: 'csv' | 'xlsx') =>
    void downloadApiFile(
      exportComptableEndpoint.path,
      { date_debut: values.date_debut, date_fin: values.date_fin, entreprise: values.entreprise, format },
      `ecritures-${values.date_debut}-${values.date_fin}.${format}`,
    ).catch(() => undefined);
  return (
    <Space>
      <Button onClick={() => telecharger('csv')}>Écritures CSV</Button>
      <Button onClick={() => telecharger('xlsx')}>Écritures Excel</Button>
    </Space>
  );
}

const grandLivre = (superadmin: boolean): ReportDecl<GrandLivreOut> => ({
  title: 'Grand livre',
  filterLabel: 'Filtrer le grand livre',
  period: { defaut: 'mois' },
  filters: [
    ...filtreEntreprise(superadmin),
    { name: 'compte', label: 'Compte', placeholder: 'ex. 411, 521', width: 130 },
    filtreClient,
  ],
  query: (v) => endpointQuery(grandLivreEndpoint, { query: query(v) }),
  summary: ({ data }) => [
    { label: "Solde d'ouverture", value: soldeDC(data.totaux.solde_ouverture) },
    { label: 'Débit', value: data.totaux.debit, format: 'money' },
    { label: 'Crédit', value: data.totaux.credit, format: 'money' },
    { label: 'Solde de clôture', value: soldeDC(data.totaux.solde_cloture) },
  ],
  sections: [
    {
      key: 'comptes',
      label: 'Comptes',
      own: true,
      render: ({ data }) => (
        <div style={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
          {data?.comptes.map((c) => (
            <Compte key={c.compte} c={c} />
          ))}
        </div>
      ),
    },
    {
      key: 'export',
      label: 'Export pour le comptable',
      title: () => 'Écritures de la période pour le logiciel du comptable',
      actions: ({ values }) => <ExportEcritures values={values} />,
      render: () =>
        'Une ligne par ligne d’écriture : journal (VT, AC, BQ, CA, OD), date, n° d’écriture, pièce, compte, compte tiers, tiers, libellé, débit, crédit, lettre.',
    },
  ],
  exports: {
    endpoint: grandLivreEndpoint,
    formats: ['xlsx', 'pdf'],
    query,
    name: (v) => `Grand livre ${v.compte ?? ''} ${v.date_debut} ${v.date_fin}`,
  },
});

export default function GrandLivrePage() {
  const superadmin = isSuperadmin();
  return <ReportScreen decl={grandLivre(superadmin)} idle={avantEntreprise(superadmin)} />;
}
