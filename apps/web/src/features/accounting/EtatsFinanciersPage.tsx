import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  cloturerEndpoint,
  cloturesEndpoint,
  type EtatsFinanciersOut,
  etatsFinanciersEndpoint,
  formatDate,
  formatMoney,
  type LigneActifOut,
  type LigneMontantOut,
} from '@yams/shared';
import { Alert, Button, Popconfirm, Space, Typography } from 'antd';
import { useState } from 'react';
import { endpointQuery } from '../../base/endpointQuery';
import { call } from '../../base/http';
import { isSuperadmin } from '../../components/list/tenant';
import type { DisplayField } from '../../components/list/types';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { avantEntreprise, filtreEntreprise } from './rapportsFiltres';

// États financiers (SYSCOHADA révisé, système normal): the bilan at the period's last day and the compte de
// résultat of the period, each beside the same period a year earlier; and the clôture of the exercises.

const an = (jour: string) => `Au ${formatDate(jour)}`;

const actifFields = (e: EtatsFinanciersOut | undefined): DisplayField<LigneActifOut>[] => [
  { key: 'ref', width: 60 },
  { key: 'libelle' },
  { key: 'brut', format: 'number' },
  { key: 'amortissements', format: 'number' },
  { key: 'net', format: 'number' },
  {
    key: 'net_precedent',
    format: 'number',
    label: e ? `Net au ${formatDate(e.precedent.date_fin)}` : 'N-1',
  },
];
const montantFields = (n: string, n1: string): DisplayField<LigneMontantOut>[] => [
  { key: 'ref', width: 60 },
  { key: 'libelle' },
  { key: 'montant', format: 'number', label: n },
  { key: 'montant_precedent', format: 'number', label: n1 },
];
const LABELS = {
  ref: 'Réf.',
  libelle: 'Libellé',
  brut: 'Brut',
  amortissements: 'Amort. et dépréc.',
  net: 'Net',
};
const estTotal = (l: { total: boolean }) => l.total;

/** The closed exercises and the button that closes the next one (its company's: a superadmin names it). */
function Clotures({ entreprise }: { entreprise?: string }) {
  const queryClient = useQueryClient();
  const [envoi, setEnvoi] = useState(false);
  const q = useQuery(endpointQuery(cloturesEndpoint, { query: { entreprise } }));
  const prochaine = q.data?.prochaine ?? null;
  const cloturer = async (annee: number) => {
    setEnvoi(true);
    try {
      await call(
        cloturerEndpoint,
        { body: { annee, entreprise_id: entreprise ? Number(entreprise) : undefined } },
        { successToast: true },
      );
      await queryClient.invalidateQueries({ queryKey: ['comptabilite'] });
      await queryClient.invalidateQueries({ queryKey: ['operations'] });
    } catch {
      // The API's French message is shown by `call`.
    } finally {
      setEnvoi(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      {q.data?.clotures.length ? (
        <ul aria-label="Exercices clôturés" style={{ margin: 0, paddingInlineStart: 20 }}>
          {q.data.clotures.map((c) => (
            <li key={c.annee}>
              Exercice {c.annee} clôturé le {formatDate(c.cloture_le.slice(0, 10))} :{' '}
              {c.resultat >= 0 ? 'bénéfice' : 'perte'} de {formatMoney(Math.abs(c.resultat))}, porté en report
              à nouveau.
            </li>
          ))}
        </ul>
      ) : (
        <Typography.Text type="secondary">Aucun exercice clôturé.</Typography.Text>
      )}
      {prochaine !== null && (
        <Popconfirm
          title={`Clôturer l'exercice ${prochaine} ?`}
          description={
            <div style={{ maxWidth: 340 }}>
              Son résultat est porté en report à nouveau et plus aucune écriture ne pourra être datée de{' '}
              {prochaine} ou avant. Cette opération est définitive.
            </div>
          }
          okText="Clôturer"
          cancelText="Annuler"
          onConfirm={() => cloturer(prochaine)}
        >
          <Button danger loading={envoi}>
            Clôturer l'exercice {prochaine}
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

const query = (v: ReportValues) => ({
  date_debut: v.date_debut,
  date_fin: v.date_fin,
  entreprise: v.entreprise,
});

const etats = (superadmin: boolean): ReportDecl<EtatsFinanciersOut> => ({
  title: 'États financiers',
  filterLabel: 'Filtrer les états financiers',
  period: { defaut: 'annee' },
  filters: filtreEntreprise(superadmin),
  query: (v) => endpointQuery(etatsFinanciersEndpoint, { query: query(v) }),
  summary: ({ data }) => [
    { label: "Chiffre d'affaires", value: data.chiffre_affaires, format: 'money' },
    { label: 'Résultat net', value: data.resultat_net, format: 'money' },
    { label: 'Total du bilan', value: data.bilan.total_actif, format: 'money' },
    // A year, not a number to group: « 2025 », never « 2.025 ».
    { label: 'Dernier exercice clôturé', value: String(data.dernier_exercice_clos ?? 'Aucun') },
  ],
  sections: [
    {
      key: 'avertissements',
      label: 'Avertissements',
      title: () => 'SYSCOHADA révisé, système normal — montants en FCFA',
      render: ({ data }) =>
        data && (data.exercices_non_clotures.length > 0 || !data.bilan.equilibre) ? (
          <Space direction="vertical" style={{ width: '100%' }}>
            {data.exercices_non_clotures.length > 0 && (
              <Alert
                type="warning"
                showIcon
                message={`Exercice${data.exercices_non_clotures.length > 1 ? 's' : ''} non clôturé${data.exercices_non_clotures.length > 1 ? 's' : ''} : ${data.exercices_non_clotures.join(', ')}. Leur résultat est compris dans le résultat net de l'exercice (CJ) jusqu'à leur clôture.`}
              />
            )}
            {!data.bilan.equilibre && (
              <Alert type="error" showIcon message="Le total de l'actif diffère de celui du passif." />
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">
            Compte de résultat : produits en positif, charges en négatif.
          </Typography.Text>
        ),
    },
    {
      key: 'actif',
      label: 'Bilan — Actif',
      title: ({ data }) => (data ? `Bilan — Actif ${an(data.date_fin).toLowerCase()}` : 'Bilan — Actif'),
      render: ({ data, loading }) => (
        <ReportTable
          rows={data?.bilan.actif ?? []}
          fields={actifFields(data)}
          labels={LABELS}
          rowKey="ref"
          loading={loading}
          total={estTotal}
        />
      ),
    },
    {
      key: 'passif',
      label: 'Bilan — Passif',
      title: ({ data }) => (data ? `Bilan — Passif ${an(data.date_fin).toLowerCase()}` : 'Bilan — Passif'),
      render: ({ data, loading }) => (
        <ReportTable
          rows={data?.bilan.passif ?? []}
          fields={montantFields(data ? an(data.date_fin) : 'N', data ? an(data.precedent.date_fin) : 'N-1')}
          labels={LABELS}
          rowKey="ref"
          loading={loading}
          total={estTotal}
        />
      ),
    },
    {
      key: 'resultat',
      label: 'Compte de résultat',
      render: ({ data, loading }) => (
        <ReportTable
          rows={data?.compte_de_resultat ?? []}
          fields={montantFields(
            data ? `${formatDate(data.date_debut)} – ${formatDate(data.date_fin)}` : 'N',
            data
              ? `${formatDate(data.precedent.date_debut)} – ${formatDate(data.precedent.date_fin)}`
              : 'N-1',
          )}
          labels={LABELS}
          rowKey="ref"
          loading={loading}
          total={estTotal}
        />
      ),
    },
    {
      key: 'clotures',
      label: "Clôture de l'exercice",
      render: ({ values }) => <Clotures entreprise={values.entreprise || undefined} />,
    },
  ],
  exports: {
    endpoint: etatsFinanciersEndpoint,
    formats: ['xlsx', 'pdf'],
    query,
    name: (v) => `États financiers ${v.date_debut} ${v.date_fin}`,
  },
});

export default function EtatsFinanciersPage() {
  const superadmin = isSuperadmin();
  return <ReportScreen decl={etats(superadmin)} idle={avantEntreprise(superadmin)} />;
}
