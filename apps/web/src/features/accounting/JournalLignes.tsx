import { useQuery } from '@tanstack/react-query';
import { type LigneJournalOut, libelleValeur, PAGE_SIZE } from '@yams/shared';
import { Button, Card, Empty, Pagination, Space, Table } from 'antd';
import { useState } from 'react';
import { DateText } from '../../components/DateText';
import { ExportButton } from '../../components/export/ExportButton';
import type { DisplayField } from '../../components/list/types';
import { Money } from '../../components/Money';
import type { ReportValues } from '../../components/report/types';
import { useIsMobile } from '../../components/useIsMobile';
import { journaux } from './api';
import { LigneMontant, Mouvement, Solde } from './Solde';

/** The journals' filter as the API reads it: the period, and the journal, account and company when chosen. */
type Filtre = ReportValues;

/** Opens an entry's detail ('Opération ID{id}') from its journal line. */
export function DetailButton({ id, onOpen }: { id: number; onOpen: (id: number) => void }) {
  return (
    <Button size="small" onClick={() => onOpen(id)} aria-label={`Détail de l'opération ${id}`}>
      Détail
    </Button>
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
export function JournalLines({ filtre, onOpen }: { filtre: Filtre; onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const query = { ...filtre, page, per_page: PAGE_SIZE.journal };
  const { data, isFetching } = useQuery({
    queryKey: journaux.keys.list(query),
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
