import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  balanceEndpoint,
  JOURNAL_ENTREPRISE,
  JOURNAL_FILTRE_DATES,
  JOURNAUX,
  type LigneJournalOut,
  libelleValeur,
  PAGE_SIZE,
  todayInGabon,
} from '@yams/shared';
import {
  Alert,
  Button,
  Card,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Pagination,
  Select,
  Space,
  Table,
  Tabs,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { Link } from 'react-router';
import { call } from '../../base/http';
import { DateText } from '../../components/DateText';
import { useDialogWidth } from '../../components/dialogWidth';
import { downloadCsv, downloadXlsx } from '../../components/export/download';
import { ExportButton } from '../../components/export/ExportButton';
import { EntrepriseSelect } from '../../components/list/EntrepriseSelect';
import { isSuperadmin, TENANT_LABEL } from '../../components/list/tenant';
import type { DisplayField } from '../../components/list/types';
import { Money } from '../../components/Money';
import { PageTitle } from '../../components/PageTitle';
import { useIsMobile } from '../../components/useIsMobile';
import { journaux } from './api';
import { OperationDiverseForm } from './OperationDiverseForm';
import { Mouvement, Solde } from './Solde';

interface Filtre {
  type?: string;
  date_debut: string;
  date_fin: string;
  compte?: string;
  /** A superadmin's company: each company keeps its own books (the API refuses them mixed). */
  entreprise?: number;
}

const STORAGE = 'yams.filters:/comptabilite/journaux';
/** The journals open on the current month (newest first), not on the first entry ever written. */
const moisCourant = (): Filtre => ({
  date_debut: `${todayInGabon().slice(0, 7)}-01`,
  date_fin: todayInGabon(),
});

/** Opens an entry's detail ('Opération ID{id}') from its journal line. */
function DetailButton({ id, onOpen }: { id: number; onOpen: (id: number) => void }) {
  return (
    <Button size="small" onClick={() => onOpen(id)} aria-label={`Détail de l'opération ${id}`}>
      Détail
    </Button>
  );
}
function loadFiltre(): Filtre | null {
  try {
    const raw = localStorage.getItem(STORAGE);
    return raw ? (JSON.parse(raw) as Filtre) : null;
  } catch {
    return null;
  }
}

/** A line of label and amount inside a phone card, the amount on the right. */
function LigneMontant({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', gap: 8 }}>
      <Typography.Text type="secondary">{label}</Typography.Text>
      <span style={{ textAlign: 'right' }}>{children}</span>
    </div>
  );
}

/** On a phone, each journal line is a card: date, journal, account, label, debit or credit, running balance. */
function JournalCards({ rows, onOpen }: { rows: LigneJournalOut[]; onOpen: (id: number) => void }) {
  if (rows.length === 0) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="Aucune donnée" />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} role="list" aria-label="Écritures (cartes)">
      {rows.map((l) => (
        <Card
          key={l.id}
          size="small"
          role="listitem"
          title={
            <span>
              <DateText value={l.date_operation} /> · {libelleValeur(l.type)}
            </span>
          }
          extra={<DetailButton id={l.ecriture_id} onOpen={onOpen} />}
        >
          <div>
            <strong>{l.compte}</strong> {l.compte_libelle}
          </div>
          <div style={{ marginBottom: 4 }}>{l.libelle}</div>
          {l.debit > 0 && (
            <LigneMontant label="Débit">
              <Money value={l.debit} />
            </LigneMontant>
          )}
          {l.credit > 0 && (
            <LigneMontant label="Crédit">
              <Money value={l.credit} />
            </LigneMontant>
          )}
          <LigneMontant label="Solde du compte">
            <Solde value={l.solde} />
          </LigneMontant>
        </Card>
      ))}
    </Space>
  );
}

/** The journal lines as exported (the API streams every line the filter selects, running balances included). */
const EXPORT_FIELDS: DisplayField<LigneJournalOut>[] = [
  { key: 'date_operation', format: 'date' },
  // The journal's name in correct French (`Operation Diverse` → `Opération diverse`), as on the screen.
  { key: 'type', format: 'tag' },
  { key: 'piece' },
  { key: 'compte' },
  { key: 'compte_libelle' },
  { key: 'libelle' },
  { key: 'debit', format: 'money' },
  { key: 'credit', format: 'money' },
  { key: 'solde', format: 'money' },
];
const EXPORT_LABELS = {
  date_operation: 'Date',
  type: 'Journal',
  piece: 'Pièce',
  compte: 'Compte',
  compte_libelle: 'Intitulé du compte',
  libelle: 'Libellé',
  debit: 'Débit',
  credit: 'Crédit',
  solde: 'Solde du compte',
};

/** 'Exporter': every journal line the filter selects (the period's journals), CSV or Excel. */
function JournalExport({ filtre }: { filtre: Filtre }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
      <ExportButton
        resource={journaux}
        query={{ ...filtre }}
        fields={EXPORT_FIELDS}
        labels={EXPORT_LABELS}
        name="Journaux"
      />
    </div>
  );
}

/** The journal lines of a period (12 per page, newest first) with each account's running balance. */
function JournalLines({ filtre, onOpen }: { filtre: Filtre; onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const query = { ...filtre, page, per_page: PAGE_SIZE.journal };
  const { data, isFetching } = useQuery({
    queryKey: ['operations', 'list', query],
    queryFn: ({ signal }) => journaux.fetchPage(query, signal),
  });
  const mobile = useIsMobile();
  if (mobile) {
    return (
      <Space direction="vertical" style={{ width: '100%' }}>
        <JournalExport filtre={filtre} />
        <JournalCards rows={data?.data ?? []} onOpen={onOpen} />
        <Pagination
          simple
          align="end"
          current={page}
          pageSize={PAGE_SIZE.journal}
          total={data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPage}
        />
      </Space>
    );
  }
  return (
    <>
      <JournalExport filtre={filtre} />
      <Table<LigneJournalOut>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={data?.data ?? []}
        scroll={{ x: 1000 }}
        locale={{ emptyText: 'Aucune donnée' }}
        pagination={{
          current: page,
          pageSize: PAGE_SIZE.journal,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'date', title: 'Date', render: (_, l) => <DateText value={l.date_operation} />, width: 110 },
          { key: 'type', title: 'Journal', width: 140, render: (_, l) => libelleValeur(l.type) },
          {
            key: 'compte',
            title: 'Compte',
            render: (_, l) => <span title={l.compte_libelle}>{l.compte}</span>,
            width: 90,
          },
          { key: 'libelle', title: 'Libellé', dataIndex: 'libelle' },
          { key: 'debit', title: 'Débit', align: 'right', render: (_, l) => <Mouvement value={l.debit} /> },
          {
            key: 'credit',
            title: 'Crédit',
            align: 'right',
            render: (_, l) => <Mouvement value={l.credit} />,
          },
          {
            key: 'solde',
            title: 'Solde du compte',
            align: 'right',
            render: (_, l) => <Solde value={l.solde} />,
          },
          {
            key: 'detail',
            title: '',
            width: 90,
            render: (_, l) => <DetailButton id={l.ecriture_id} onOpen={onOpen} />,
          },
        ]}
      />
    </>
  );
}

/** 'Opération ID{id}': the whole entry, its lines and the document it came from. */
function OperationDetail({ id, onClose }: { id: number | null; onClose: () => void }) {
  const width = useDialogWidth();
  const { data } = useQuery({
    queryKey: ['operations', 'detail', id],
    queryFn: ({ signal }) => journaux.fetchOne(id!, signal),
    enabled: id !== null,
  });
  return (
    <Modal
      open={id !== null}
      title={`Opération ID${id ?? ''}`}
      onCancel={onClose}
      footer={null}
      width={width}
      destroyOnHidden
    >
      {data && (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>
            <DateText value={data.date_operation} /> · Journal {libelleValeur(data.type)} · {data.libelle}
            {data.piece ? ` · Pièce ${data.piece}` : ''}
          </Typography.Text>
          {data.source?.lien && (
            <Link to={data.source.lien}>Voir le document d'origine ({data.piece ?? data.source.type})</Link>
          )}
          {data.contre_passation_de && (
            <Typography.Text type="warning">
              Contre-passation de l'opération ID{data.contre_passation_de}
            </Typography.Text>
          )}
          <Table
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={data.lignes}
            columns={[
              { key: 'compte', title: 'Compte', render: (_, l) => `${l.compte} ${l.compte_libelle}` },
              { key: 'libelle', title: 'Libellé', dataIndex: 'libelle' },
              {
                key: 'debit',
                title: 'Débit',
                align: 'right',
                render: (_, l) => <Mouvement value={l.debit} />,
              },
              {
                key: 'credit',
                title: 'Crédit',
                align: 'right',
                render: (_, l) => <Mouvement value={l.credit} />,
              },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={2}>
                  <strong>Total</strong>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  <Money value={data.total_debit} strong />
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <Money value={data.total_credit} strong />
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </Space>
      )}
    </Modal>
  );
}

/** Balance générale of the filtered period: opening, movements and closing per account; CSV/Excel. */
function Balance({ filtre }: { filtre: Filtre }) {
  const { data, isFetching } = useQuery({
    queryKey: ['operations', 'balance', filtre.date_debut, filtre.date_fin, filtre.entreprise],
    queryFn: async ({ signal }) =>
      (
        await call(
          balanceEndpoint,
          {
            query: {
              date_debut: filtre.date_debut,
              date_fin: filtre.date_fin,
              entreprise: filtre.entreprise,
            },
          },
          { signal },
        )
      ).data,
  });
  const table = () => ({
    headers: ['Compte', 'Intitulé', "Solde d'ouverture", 'Débit', 'Crédit', 'Solde de clôture'],
    rows: [
      ...(data?.comptes ?? []).map((c) => [
        c.compte,
        c.libelle,
        c.solde_ouverture,
        c.debit,
        c.credit,
        c.solde_cloture,
      ]),
      [
        'Total',
        '',
        data?.totaux.solde_ouverture ?? 0,
        data?.totaux.debit ?? 0,
        data?.totaux.credit ?? 0,
        data?.totaux.solde_cloture ?? 0,
      ],
    ],
  });
  const name = `balance-generale-${filtre.date_debut}-${filtre.date_fin}`;
  const mobile = useIsMobile();
  const money = (v: number) => <Money value={v} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Button onClick={() => downloadCsv(table(), name)} disabled={!data}>
          Exporter en CSV
        </Button>
        <Button
          onClick={() => void downloadXlsx(table(), name, 'Balance générale', [2, 3, 4, 5])}
          disabled={!data}
        >
          Exporter en Excel
        </Button>
      </Space>
      {mobile ? (
        <Space
          direction="vertical"
          style={{ width: '100%' }}
          role="list"
          aria-label="Balance générale (cartes)"
        >
          {[
            ...(data?.comptes ?? []),
            ...(data ? [{ compte: 'Total', libelle: '', ...data.totaux }] : []),
          ].map((c) => (
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
              <LigneMontant label="Solde d'ouverture">
                <Solde value={c.solde_ouverture} />
              </LigneMontant>
              <LigneMontant label="Débit">{money(c.debit)}</LigneMontant>
              <LigneMontant label="Crédit">{money(c.credit)}</LigneMontant>
              <LigneMontant label="Solde de clôture">
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
            { key: 'compte', title: 'Compte', dataIndex: 'compte', width: 90 },
            { key: 'libelle', title: 'Intitulé', dataIndex: 'libelle' },
            {
              key: 'o',
              title: "Solde d'ouverture",
              align: 'right',
              render: (_, c) => <Solde value={c.solde_ouverture} />,
            },
            { key: 'd', title: 'Débit', align: 'right', render: (_, c) => money(c.debit) },
            { key: 'c', title: 'Crédit', align: 'right', render: (_, c) => money(c.credit) },
            {
              key: 's',
              title: 'Solde de clôture',
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

interface FormValues {
  type?: string;
  date_debut?: Dayjs;
  date_fin?: Dayjs;
  compte?: string;
  entreprise?: number;
}

const versFormulaire = (f: Filtre): FormValues => ({
  ...f,
  date_debut: dayjs(f.date_debut),
  date_fin: dayjs(f.date_fin),
});

/**
 * Journaux: the filter form of the specification ('Charger', 'Réinitialiser'), the lines (the current month,
 * newest first, until another period is loaded), the balance. A superadmin first names the company.
 */
export default function JournauxPage() {
  const superadmin = isSuperadmin();
  const [sauve, setSauve] = useState<Filtre | null>(loadFiltre);
  const [open, setOpen] = useState<number | null>(null);
  const [od, setOd] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const filtre: Filtre = sauve ?? moisCourant();
  const apply = (f: Filtre | null) => {
    setSauve(f);
    if (f) localStorage.setItem(STORAGE, JSON.stringify(f));
    else localStorage.removeItem(STORAGE);
  };
  const sansEntreprise = superadmin && !filtre.entreprise;
  return (
    <section aria-label="Journaux">
      <PageTitle
        title="Journaux"
        extra={
          <Button type="primary" onClick={() => setOd(true)}>
            Ajouter une opération diverse
          </Button>
        }
      />
      <Card size="small" style={{ marginBottom: 16 }}>
        <Form<FormValues>
          form={form}
          layout="inline"
          initialValues={versFormulaire(filtre)}
          aria-label="Filtrer les journaux"
          onFinish={(v) =>
            apply({
              type: v.type || undefined,
              date_debut: v.date_debut!.format('YYYY-MM-DD'),
              date_fin: v.date_fin!.format('YYYY-MM-DD'),
              compte: v.compte?.trim() || undefined,
              entreprise: superadmin ? v.entreprise : undefined,
            })
          }
          style={{ rowGap: 8 }}
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
          <Form.Item name="type" label="Type">
            <Select
              allowClear
              placeholder="Tous"
              style={{ width: 180 }}
              options={JOURNAUX.map((j) => ({ value: j, label: libelleValeur(j) }))}
            />
          </Form.Item>
          <Form.Item
            name="date_debut"
            label="Date de début"
            rules={[{ required: true, message: JOURNAL_FILTRE_DATES }]}
          >
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item
            name="date_fin"
            label="Date de fin"
            rules={[{ required: true, message: JOURNAL_FILTRE_DATES }]}
          >
            <DatePicker format="DD/MM/YYYY" />
          </Form.Item>
          <Form.Item name="compte" label="Compte">
            <Input placeholder="ex. 411" style={{ width: 120 }} />
          </Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              Charger
            </Button>
            {sauve && (
              <Button
                onClick={() => {
                  // Back to the current month (the superadmin's company stays chosen).
                  const defaut = { ...moisCourant(), entreprise: sauve.entreprise };
                  form.resetFields();
                  form.setFieldsValue({ ...versFormulaire(defaut), type: undefined, compte: undefined });
                  apply(superadmin && defaut.entreprise ? defaut : null);
                }}
              >
                Réinitialiser
              </Button>
            )}
          </Space>
        </Form>
      </Card>
      {sansEntreprise ? (
        <Alert type="info" showIcon message={JOURNAL_ENTREPRISE} />
      ) : (
        <Tabs
          items={[
            {
              key: 'journal',
              label: 'Écritures',
              children: <JournalLines key={JSON.stringify(filtre)} filtre={filtre} onOpen={setOpen} />,
            },
            { key: 'balance', label: 'Balance générale', children: <Balance filtre={filtre} /> },
          ]}
        />
      )}
      <OperationDetail id={open} onClose={() => setOpen(null)} />
      <OperationDiverseForm
        open={od}
        entreprise={superadmin ? (filtre.entreprise ?? null) : undefined}
        onClose={() => setOd(false)}
        onSaved={() => {
          setOd(false);
          void queryClient.invalidateQueries({ queryKey: ['operations'] });
        }}
      />
    </section>
  );
}
