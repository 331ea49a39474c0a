import { useQuery } from '@tanstack/react-query';
import { type ChauffeurActiviteOut, chauffeursActiviteEndpoint, REALTIME_EVENTS } from '@yams/shared';
import { Card, Empty, List, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { call } from '../../base/http';
import { PATHS } from '../../base/paths';
import { useLiveQueries } from '../../base/realtime';
import { DateText } from '../../components/DateText';
import { PageTitle } from '../../components/PageTitle';
import { useIsMobile } from '../../components/useIsMobile';
import { IncidentTraiter } from './IncidentTraiter';

// « Chauffeurs »: who is on which course, when he was last seen, where his phone last was, and
// the incidents he reported that the office has not handled yet (« Traiter »); kept live (every notification,
// and every 30 s).

const KEY = ['chauffeurs-activite'];
const LIVE = [KEY];

function CourseCell({ c }: { c: ChauffeurActiviteOut['course'] }) {
  if (!c) return <Typography.Text type="secondary">Aucune course en cours</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <Link to={`${PATHS.courses}?id=${c.id}`}>{c.code}</Link>
      <span>
        {c.trajet} · {c.plaque}
      </span>
      <Tag color={c.statut === 'Problemes mécaniques' ? 'red' : 'blue'}>{c.statut}</Tag>
    </Space>
  );
}

function Vu({ d }: { d: ChauffeurActiviteOut }) {
  return (
    <Space direction="vertical" size={0}>
      {d.last_seen_at ? <DateText value={d.last_seen_at} withTime /> : <span>Jamais connecté</span>}
      {d.derniere_etape && (
        <Typography.Text type="secondary">
          Dernière étape : {d.derniere_etape.statut} ({d.derniere_etape.course_code}),{' '}
          <DateText value={d.derniere_etape.date} withTime />
        </Typography.Text>
      )}
    </Space>
  );
}

function Position({ p }: { p: ChauffeurActiviteOut['derniere_position'] }) {
  if (!p) return <Typography.Text type="secondary">Aucune</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <a
        href={`https://www.openstreetmap.org/?mlat=${p.latitude}&mlon=${p.longitude}#map=14/${p.latitude}/${p.longitude}`}
        target="_blank"
        rel="noopener noreferrer"
      >
        {p.latitude.toFixed(4)}, {p.longitude.toFixed(4)}
      </a>
      <Typography.Text type="secondary">
        <DateText value={p.heure} withTime />
      </Typography.Text>
    </Space>
  );
}

function Incidents({ list }: { list: ChauffeurActiviteOut['incidents'] }) {
  if (!list.length) return <Typography.Text type="secondary">Aucun</Typography.Text>;
  return (
    <Space direction="vertical" size={6}>
      {list.slice(0, 3).map((i) => (
        <section key={i.id} aria-label={`Incident : ${i.type}`}>
          <Tag color="red">{i.type}</Tag>
          {i.note} — <DateText value={i.date} withTime /> <IncidentTraiter incident={i} />
        </section>
      ))}
      {list.length > 3 && <Typography.Text type="secondary">et {list.length - 3} de plus</Typography.Text>}
    </Space>
  );
}

const nom = (d: ChauffeurActiviteOut) => (
  <Space direction="vertical" size={0}>
    <strong>{d.nom_complet}</strong>
    {d.telephone && <a href={`tel:${d.telephone.replace(/\s/g, '')}`}>{d.telephone}</a>}
    {d.bloque && <Tag color="red">Bloqué</Tag>}
  </Space>
);

const COLUMNS: ColumnsType<ChauffeurActiviteOut> = [
  { key: 'nom', title: 'Chauffeur', render: (_, d) => nom(d) },
  { key: 'course', title: 'Course en cours', render: (_, d) => <CourseCell c={d.course} /> },
  { key: 'vu', title: 'Vu pour la dernière fois', render: (_, d) => <Vu d={d} /> },
  { key: 'position', title: 'Dernière position', render: (_, d) => <Position p={d.derniere_position} /> },
  { key: 'incidents', title: 'Incidents à traiter', render: (_, d) => <Incidents list={d.incidents} /> },
];

export default function ChauffeursPage() {
  const isMobile = useIsMobile();
  useLiveQueries(REALTIME_EVENTS.notification, LIVE);
  const query = useQuery({
    queryKey: KEY,
    queryFn: async ({ signal }) => (await call(chauffeursActiviteEndpoint, {}, { signal })).data,
    refetchInterval: 30_000,
  });
  const rows = query.data ?? [];
  return (
    <>
      <PageTitle title="Chauffeurs" count={query.data ? rows.length : undefined} />
      {isMobile ? (
        <List
          loading={query.isLoading}
          dataSource={rows}
          locale={{ emptyText: <Empty description="Aucun chauffeur" /> }}
          renderItem={(d) => (
            <Card size="small" style={{ marginBottom: 12 }} title={nom(d)}>
              <Space direction="vertical" style={{ width: '100%' }}>
                <CourseCell c={d.course} />
                {COLUMNS.slice(2).map((col) => (
                  <div key={col.key}>
                    <Typography.Text type="secondary">{col.title as string} : </Typography.Text>
                    {(col.render as (v: unknown, d: ChauffeurActiviteOut) => ReactNode)(null, d)}
                  </div>
                ))}
              </Space>
            </Card>
          )}
        />
      ) : (
        <Table
          rowKey="id"
          size="middle"
          loading={query.isLoading}
          columns={COLUMNS}
          dataSource={rows}
          pagination={false}
          locale={{ emptyText: <Empty description="Aucun chauffeur" /> }}
        />
      )}
    </>
  );
}
