import { useQuery } from '@tanstack/react-query';
import {
  balanceAgeeEndpoint,
  type CompteGrandLivreOut,
  endpointPath,
  exportComptableEndpoint,
  grandLivreEndpoint,
  JOURNAL_ENTREPRISE,
  JOURNAL_FILTRE_DATES,
  releveEndpoint,
  TRANCHES_AGE,
  todayInGabon,
} from '@yams/shared';
import { Alert, Button, Card, DatePicker, Form, Input, Space, Table, Tabs } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { buildUrl, call, type Query } from '../../base/http';
import { DateText } from '../../components/DateText';
import { downloadApiFile } from '../../components/export/download';
import { SourceSelect } from '../../components/form/SourceSelect';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { isSuperadmin, TENANT_LABEL } from '../../components/list/tenant';
import { Money } from '../../components/Money';
import { PageTitle } from '../../components/PageTitle';
import { ReportSection } from '../../components/ReportSection';
import { clientSource } from '../operations/operationsFields';
import { Mouvement, Solde } from './Solde';

// États comptables (issue 29): balance âgée clients, relevé de compte of a client, grand livre (an account
// or a client), export of the entries for the accountant's software. One period filter (« Charger ») for
// all; each part with its files (PDF, Excel, CSV) made by the API.

interface Filtre {
  date_debut: string;
  date_fin: string;
  compte?: string;
  client?: number;
  entreprise?: number;
}

interface FormValues {
  periode?: [Dayjs, Dayjs];
  compte?: string;
  client?: number;
  entreprise?: number;
}

const debutAnnee = () => `${todayInGabon().slice(0, 4)}-01-01`;

/** A file of the API (PDF, Excel, CSV) saved under its name. */
const telecharger = (path: string, query: Query, nom: string) =>
  void downloadApiFile(buildUrl(path, query), nom).catch(() => undefined);

const montant = (key: string, title: string) => ({
  key,
  dataIndex: key,
  title,
  align: 'right' as const,
  render: (v: number) => <Money value={v} />,
});

function BalanceAgee({ filtre }: { filtre: Filtre }) {
  const query = { date: filtre.date_fin, entreprise: filtre.entreprise };
  const { data, isLoading } = useQuery({
    queryKey: ['comptabilite', 'balance-agee', query],
    queryFn: async ({ signal }) => (await call(balanceAgeeEndpoint, { query }, { signal })).data,
  });
  const nom = `balance-agee-${filtre.date_fin}`;
  return (
    <ReportSection
      label="Balance âgée clients"
      title={
        <>
          Balance âgée au <DateText value={filtre.date_fin} /> :{' '}
          <Money value={data?.totaux.total ?? 0} strong /> dus
        </>
      }
      actions={
        <Space>
          <Button
            onClick={() => telecharger(balanceAgeeEndpoint.path, { ...query, format: 'pdf' }, `${nom}.pdf`)}
          >
            PDF
          </Button>
          <Button
            onClick={() => telecharger(balanceAgeeEndpoint.path, { ...query, format: 'xlsx' }, `${nom}.xlsx`)}
          >
            Excel
          </Button>
        </Space>
      }
    >
      <Table
        size="small"
        rowKey="client_id"
        loading={isLoading}
        dataSource={data?.clients ?? []}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 760 }}
        columns={[
          { key: 'client_nom', dataIndex: 'client_nom', title: 'Client', fixed: 'left', width: 200 },
          ...TRANCHES_AGE.map((t) => montant(t.cle, t.libelle)),
          montant('total', 'Total'),
        ]}
        summary={() =>
          data ? (
            <Table.Summary.Row style={{ fontWeight: 600 }}>
              <Table.Summary.Cell index={0}>Total</Table.Summary.Cell>
              {[...TRANCHES_AGE.map((t) => t.cle), 'total' as const].map((k, i) => (
                <Table.Summary.Cell key={k} index={i + 1} align="right">
                  <Money value={data.totaux[k]} />
                </Table.Summary.Cell>
              ))}
            </Table.Summary.Row>
          ) : null
        }
      />
    </ReportSection>
  );
}

const colonnesLignes: ColumnsType<CompteGrandLivreOut['lignes'][number]> = [
  {
    key: 'date',
    dataIndex: 'date_operation',
    title: 'Date',
    width: 100,
    render: (v) => <DateText value={v} />,
  },
  { key: 'journal', dataIndex: 'journal', title: 'Journal', width: 110 },
  { key: 'piece', dataIndex: 'piece', title: 'Pièce', width: 140 },
  { key: 'libelle', dataIndex: 'libelle', title: 'Libellé' },
  { key: 'tiers', dataIndex: 'tiers', title: 'Tiers' },
  {
    key: 'debit',
    dataIndex: 'debit',
    title: 'Débit',
    align: 'right',
    render: (v) => <Mouvement value={v} />,
  },
  {
    key: 'credit',
    dataIndex: 'credit',
    title: 'Crédit',
    align: 'right',
    render: (v) => <Mouvement value={v} />,
  },
  { key: 'solde', dataIndex: 'solde', title: 'Solde', align: 'right', render: (v) => <Solde value={v} /> },
];

function GrandLivre({ filtre }: { filtre: Filtre }) {
  const query = {
    date_debut: filtre.date_debut,
    date_fin: filtre.date_fin,
    compte: filtre.compte,
    tiers: filtre.client ? `client:${filtre.client}` : undefined,
    entreprise: filtre.entreprise,
  };
  const { data, isLoading, error } = useQuery({
    queryKey: ['comptabilite', 'grand-livre', query],
    queryFn: async ({ signal }) => (await call(grandLivreEndpoint, { query }, { signal })).data,
    enabled: Boolean(filtre.compte || filtre.client),
  });
  const nom = `grand-livre-${filtre.date_debut}-${filtre.date_fin}`;
  if (!filtre.compte && !filtre.client) {
    return (
      <Alert
        type="info"
        showIcon
        message="Choisissez un compte (ex. 411, 521) ou un client, puis « Charger »."
      />
    );
  }
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="large">
      <Space wrap>
        <Button
          onClick={() => telecharger(grandLivreEndpoint.path, { ...query, format: 'pdf' }, `${nom}.pdf`)}
        >
          PDF
        </Button>
        <Button
          onClick={() => telecharger(grandLivreEndpoint.path, { ...query, format: 'xlsx' }, `${nom}.xlsx`)}
        >
          Excel
        </Button>
      </Space>
      {error && <Alert type="error" showIcon message={error.message} />}
      {isLoading && <Table loading columns={colonnesLignes} dataSource={[]} />}
      {data?.comptes.map((c) => (
        <ReportSection
          key={c.compte}
          label={`Compte ${c.compte}`}
          title={
            <>
              {c.compte} — {c.libelle} : ouverture <Solde value={c.solde_ouverture} />, clôture{' '}
              <Solde value={c.solde_cloture} strong />
            </>
          }
        >
          <Table
            size="small"
            rowKey="id"
            dataSource={c.lignes}
            columns={colonnesLignes}
            pagination={{ pageSize: 50, hideOnSinglePage: true }}
            scroll={{ x: 900 }}
            summary={() => (
              <Table.Summary.Row style={{ fontWeight: 600 }}>
                <Table.Summary.Cell index={0} colSpan={5}>
                  Total du compte {c.compte}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <Money value={c.total_debit} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  <Money value={c.total_credit} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={7} align="right">
                  <Solde value={c.solde_cloture} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </ReportSection>
      ))}
    </Space>
  );
}

function Releve({ filtre }: { filtre: Filtre }) {
  const query = { date_debut: filtre.date_debut, date_fin: filtre.date_fin, entreprise: filtre.entreprise };
  const params = { id: filtre.client ?? 0 };
  const { data, isLoading } = useQuery({
    queryKey: ['comptabilite', 'releve', params.id, query],
    queryFn: async ({ signal }) => (await call(releveEndpoint, { params, query }, { signal })).data,
    enabled: Boolean(filtre.client),
  });
  if (!filtre.client) return <Alert type="info" showIcon message="Choisissez un client, puis « Charger »." />;
  return (
    <ReportSection
      label="Relevé de compte"
      title={
        data ? (
          <>
            {data.client.nom_complet} : solde au <DateText value={data.date_fin} />{' '}
            <Solde value={data.solde_cloture} strong />
          </>
        ) : (
          'Relevé de compte'
        )
      }
      actions={
        <Button
          type="primary"
          onClick={() =>
            telecharger(
              endpointPath(releveEndpoint, params),
              { ...query, format: 'pdf' },
              `releve-${filtre.client}-${filtre.date_debut}-${filtre.date_fin}.pdf`,
            )
          }
        >
          Relevé PDF
        </Button>
      }
    >
      <Table
        size="small"
        rowKey="ecriture_id"
        loading={isLoading}
        dataSource={data?.lignes ?? []}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 760 }}
        columns={[
          {
            key: 'date',
            dataIndex: 'date_operation',
            title: 'Date',
            width: 100,
            render: (v) => <DateText value={v} />,
          },
          { key: 'piece', dataIndex: 'piece', title: 'Pièce', width: 140 },
          { key: 'libelle', dataIndex: 'libelle', title: 'Libellé' },
          {
            key: 'echeance',
            dataIndex: 'date_echeance',
            title: 'Échéance',
            width: 100,
            render: (v) => (v ? <DateText value={v} /> : null),
          },
          {
            key: 'debit',
            dataIndex: 'debit',
            title: 'Débit',
            align: 'right',
            render: (v) => <Mouvement value={v} />,
          },
          {
            key: 'credit',
            dataIndex: 'credit',
            title: 'Crédit',
            align: 'right',
            render: (v) => <Mouvement value={v} />,
          },
          {
            key: 'solde',
            dataIndex: 'solde',
            title: 'Solde',
            align: 'right',
            render: (v) => <Solde value={v} />,
          },
        ]}
        summary={() =>
          data ? (
            <>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={6}>
                  Solde d'ouverture au <DateText value={data.date_debut} />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} align="right">
                  <Solde value={data.solde_ouverture} />
                </Table.Summary.Cell>
              </Table.Summary.Row>
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={7}>
                  Factures dues par ancienneté :{' '}
                  {TRANCHES_AGE.map((t) => (
                    <span key={t.cle} style={{ marginRight: 12 }}>
                      {t.libelle} <Money value={data.age[t.cle]} />
                    </span>
                  ))}
                </Table.Summary.Cell>
              </Table.Summary.Row>
            </>
          ) : null
        }
      />
    </ReportSection>
  );
}

function ExportEcritures({ filtre }: { filtre: Filtre }) {
  const query = { date_debut: filtre.date_debut, date_fin: filtre.date_fin, entreprise: filtre.entreprise };
  const nom = `ecritures-${filtre.date_debut}-${filtre.date_fin}`;
  return (
    <ReportSection
      label="Export pour le comptable"
      title={
        <>
          Écritures du <DateText value={filtre.date_debut} /> au <DateText value={filtre.date_fin} />
        </>
      }
      actions={
        <Space>
          <Button
            onClick={() =>
              telecharger(exportComptableEndpoint.path, { ...query, format: 'csv' }, `${nom}.csv`)
            }
          >
            CSV
          </Button>
          <Button
            onClick={() =>
              telecharger(exportComptableEndpoint.path, { ...query, format: 'xlsx' }, `${nom}.xlsx`)
            }
          >
            Excel
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        message="Une ligne par ligne d'écriture : journal (VT, AC, BQ, CA, OD), date, n° d'écriture, pièce, compte, compte tiers, tiers, libellé, débit, crédit, lettre. Chaque écriture est équilibrée."
      />
    </ReportSection>
  );
}

/** États comptables: one period filter, then the balance âgée, the grand livre, a relevé and the export. */
export default function EtatsComptablesPage() {
  const superadmin = isSuperadmin();
  const [filtre, setFiltre] = useState<Filtre>({ date_debut: debutAnnee(), date_fin: todayInGabon() });
  const [form] = Form.useForm<FormValues>();
  const sansEntreprise = superadmin && !filtre.entreprise;
  return (
    <section aria-label="États comptables">
      <PageTitle title="États comptables" />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form<FormValues>
          form={form}
          layout="inline"
          aria-label="Période des états"
          initialValues={{ periode: [dayjs(filtre.date_debut), dayjs(filtre.date_fin)] }}
          style={{ rowGap: 8 }}
          onFinish={(v) =>
            setFiltre({
              date_debut: v.periode![0].format('YYYY-MM-DD'),
              date_fin: v.periode![1].format('YYYY-MM-DD'),
              compte: v.compte?.trim() || undefined,
              client: v.client || undefined,
              entreprise: superadmin ? v.entreprise : undefined,
            })
          }
        >
          {superadmin && (
            <Form.Item
              name="entreprise"
              label={TENANT_LABEL}
              rules={[{ required: true, message: JOURNAL_ENTREPRISE }]}
            >
              <EntrepriseSelect />
            </Form.Item>
          )}
          <Form.Item
            name="periode"
            label="Période"
            rules={[{ required: true, message: JOURNAL_FILTRE_DATES }]}
          >
            <DatePicker.RangePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item name="compte" label="Compte">
            <Input placeholder="ex. 411" style={{ width: 110 }} />
          </Form.Item>
          <Form.Item name="client" label="Client">
            <SourceSelect source={clientSource} allowClear placeholder="Tous" style={{ width: 220 }} />
          </Form.Item>
          <Button type="primary" htmlType="submit">
            Charger
          </Button>
        </Form>
      </Card>
      {sansEntreprise ? (
        <Alert type="info" showIcon message={JOURNAL_ENTREPRISE} />
      ) : (
        <Tabs
          items={[
            { key: 'agee', label: 'Balance âgée', children: <BalanceAgee filtre={filtre} /> },
            { key: 'grand-livre', label: 'Grand livre', children: <GrandLivre filtre={filtre} /> },
            { key: 'releve', label: 'Relevé de compte', children: <Releve filtre={filtre} /> },
            { key: 'export', label: 'Export comptable', children: <ExportEcritures filtre={filtre} /> },
          ]}
        />
      )}
    </section>
  );
}
