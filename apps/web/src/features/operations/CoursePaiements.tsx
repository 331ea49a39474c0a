import type { CourseDetailOut, PaiementOut } from '@yams/shared';
import { Skeleton, Table } from 'antd';
import { DateText } from '../../components/DateText';
import { Money } from '../../components/Money';
import { StatusTag } from '../../components/StatusTag';
import { PAIEMENT_LABELS } from './labels';

/** A course's payments, inside its detail dialog (the list row has none until `GET /{id}` answers). */
export function CoursePaiements({ course }: { course: CourseDetailOut }) {
  if (!course.paiements) return <Skeleton active paragraph={{ rows: 2 }} />;
  return (
    <Table<PaiementOut>
      rowKey="id"
      size="small"
      pagination={false}
      scroll={{ x: 'max-content' }}
      dataSource={course.paiements}
      aria-label="Paiements de la course"
      locale={{ emptyText: 'Aucun paiement' }}
      columns={[
        {
          key: 'date',
          title: PAIEMENT_LABELS.date_operation,
          render: (_, p) => <DateText value={p.date_operation} />,
        },
        { key: 'libelle', title: PAIEMENT_LABELS.libelle, dataIndex: 'libelle' },
        { key: 'mode', title: PAIEMENT_LABELS.mode, dataIndex: 'mode' },
        { key: 'montant', title: PAIEMENT_LABELS.montant, render: (_, p) => <Money value={p.montant} /> },
        {
          key: 'statut',
          title: PAIEMENT_LABELS.statut,
          render: (_, p) => <StatusTag lifecycle="paiement" value={p.statut} />,
        },
      ]}
    />
  );
}
