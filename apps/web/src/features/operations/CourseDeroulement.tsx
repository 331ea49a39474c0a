import type { CourseOut } from '@yams/shared';
import { Table } from 'antd';
import { DateText } from '../../components/DateText';

interface Etape {
  key: string;
  etape: string;
  prevu?: string | null;
  reel: string | null;
}

const vide = <span style={{ color: '#98a2b3' }}>—</span>;
const quand = (value: string | null | undefined) => (value ? <DateText value={value} withTime /> : vide);

/**
 * How the course went: each step of the lifecycle with its planned time (when there is one) beside the
 * actual time the state changed, in Libreville time. A breakdown or a cancellation shows only when it happened.
 */
export function CourseDeroulement({ course: c }: { course: CourseOut }) {
  const etapes: Etape[] = [
    { key: 'chargement', etape: 'Chargement', prevu: c.date_chargement, reel: c.date_chargement_reelle },
    { key: 'depart', etape: 'Départ', reel: c.date_depart_reelle },
    { key: 'livraison', etape: 'Livraison', prevu: c.date_dechargement, reel: c.date_dechargement_reelle },
  ];
  if (c.date_panne) etapes.push({ key: 'panne', etape: 'Problème mécanique', reel: c.date_panne });
  if (c.date_annulation) etapes.push({ key: 'annulation', etape: 'Annulation', reel: c.date_annulation });
  return (
    <Table<Etape>
      rowKey="key"
      size="small"
      pagination={false}
      aria-label="Déroulement de la course"
      dataSource={etapes}
      columns={[
        { key: 'etape', title: 'Étape', dataIndex: 'etape' },
        {
          key: 'prevu',
          title: 'Prévu',
          render: (_, e) => (e.key === 'depart' || e.prevu === undefined ? vide : quand(e.prevu)),
        },
        { key: 'reel', title: 'Effectué', render: (_, e) => quand(e.reel) },
      ]}
    />
  );
}
