import { useQuery } from '@tanstack/react-query';
import { type BalanceOut, balanceEndpoint } from '@yams/shared';
import { Card, Space, Table } from 'antd';
import { endpointQuery } from '../../base/endpointQuery';
import { RowsExportButton } from '../../components/export/RowsExportButton';
import type { DisplayField } from '../../components/list/types';
import { Money } from '../../components/Money';
import type { ReportValues } from '../../components/report/types';
import { useIsMobile } from '../../components/useIsMobile';
import { LigneMontant, Solde } from './Solde';

type Compte = BalanceOut['comptes'][number];

const LABELS = {
  compte: 'Compte',
  libelle: 'Intitulé',
  solde_ouverture: "Solde d'ouverture",
  debit: 'Débit',
  credit: 'Crédit',
  solde_cloture: 'Solde de clôture',
};
/** The balance's export: a line per account, then the totals (amounts as numbers in Excel). */
const EXPORT_FIELDS: DisplayField<Compte>[] = [
  { key: 'compte' },
  { key: 'libelle' },
  { key: 'solde_ouverture', format: 'money' },
  { key: 'debit', format: 'money' },
  { key: 'credit', format: 'money' },
  { key: 'solde_cloture', format: 'money' },
];

/** The accounts of the balance and its « Total » line, as the cards and the export show them. */
const avecTotal = (data: BalanceOut | undefined): Compte[] =>
  data ? [...data.comptes, { compte: 'Total', libelle: '', ...data.totaux }] : [];

/** Balance générale of the filtered period: opening, movements and closing per account; CSV/Excel. */
export function BalanceGenerale({ filtre }: { filtre: ReportValues }) {
  const { data, isFetching } = useQuery(
    endpointQuery(balanceEndpoint, {
      query: { date_debut: filtre.date_debut, date_fin: filtre.date_fin, entreprise: filtre.entreprise },
    }),
  );
  const mobile = useIsMobile();
  const money = (v: number) => <Money value={v} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
        <RowsExportButton
          rows={avecTotal(data)}
          fields={EXPORT_FIELDS}
          labels={LABELS}
          name={`Balance générale ${filtre.date_debut} ${filtre.date_fin}`}
          disabled={!data}
        />
      </div>
      {mobile ? (
        <Space
          direction="vertical"
          style={{ width: '100%' }}
          role="list"
          aria-label="Balance générale (cartes)"
        >
          {avecTotal(data).map((c) => (
            <Card
              key={c.compte}
              size="small"
              role="listitem"
              styles={{ title: { whiteSpace: 'normal' } }}
              title={
                <span>
                  <strong>{c.compte}</strong> {c.libelle}
                </span>
              }
            >
              <LigneMontant label={LABELS.solde_ouverture}>
                <Solde value={c.solde_ouverture} />
              </LigneMontant>
              <LigneMontant label={LABELS.debit}>{money(c.debit)}</LigneMontant>
              <LigneMontant label={LABELS.credit}>{money(c.credit)}</LigneMontant>
              <LigneMontant label={LABELS.solde_cloture}>
                <Solde value={c.solde_cloture} strong />
              </LigneMontant>
            </Card>
          ))}
        </Space>
      ) : (
        <Table
          rowKey="compte"
          size="middle"
          loading={isFetching}
          pagination={false}
          scroll={{ x: 800 }}
          aria-label="Balance générale"
          dataSource={data?.comptes ?? []}
          columns={[
            { key: 'compte', title: LABELS.compte, dataIndex: 'compte', width: 90 },
            { key: 'libelle', title: LABELS.libelle, dataIndex: 'libelle' },
            {
              key: 'o',
              title: LABELS.solde_ouverture,
              align: 'right',
              render: (_, c) => <Solde value={c.solde_ouverture} />,
            },
            { key: 'd', title: LABELS.debit, align: 'right', render: (_, c) => money(c.debit) },
            { key: 'c', title: LABELS.credit, align: 'right', render: (_, c) => money(c.credit) },
            {
              key: 's',
              title: LABELS.solde_cloture,
              align: 'right',
              render: (_, c) => <Solde value={c.solde_cloture} />,
            },
          ]}
          summary={() =>
            data ? (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                {(['solde_ouverture', 'debit', 'credit', 'solde_cloture'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={i + 2} align="right">
                    {k.startsWith('solde') ? (
                      <Solde value={data.totaux[k]} strong />
                    ) : (
                      <Money value={data.totaux[k]} strong />
                    )}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            ) : null
          }
        />
      )}
    </Space>
  );
}
