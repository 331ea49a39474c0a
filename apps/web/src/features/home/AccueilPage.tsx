import {
  ApartmentOutlined,
  CalendarOutlined,
  CarOutlined,
  IdcardOutlined,
  SendOutlined,
  SwapOutlined,
  TeamOutlined,
  TruckOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { useQueries } from '@tanstack/react-query';
import { connectedUsersEndpoint } from '@yams/shared';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { http, type Query } from '../../base/http';
import { PATHS } from '../../base/paths';
import { useLiveQueries } from '../../base/realtime';
import { useSession } from '../../base/session';
import { PageTitle } from '../../components/PageTitle';

/** One home counter: the count call of spec section 7 and the list it opens. */
interface Counter {
  label: string;
  api: string;
  query?: Query;
  to: string;
  icon: ReactNode;
}

const users = (sousType: string) => `${PATHS.utilisateurs}?sous_type=${sousType}`;

/** The nine cards of the home screen (spec section 2), in the specification's order. */
export const COUNTERS: Counter[] = [
  { label: 'Vehicules', api: '/api/vehicules', to: PATHS.vehicules, icon: <CarOutlined /> },
  { label: 'Courses', api: '/api/courses', to: PATHS.courses, icon: <SwapOutlined /> },
  {
    label: 'Reservations',
    api: '/api/demandes',
    query: { statut: 'En attente' },
    to: `${PATHS.demandes}?statut=${encodeURIComponent('En attente')}`,
    icon: <CalendarOutlined />,
  },
  {
    label: 'Clients',
    api: '/api/utilisateurs',
    query: { type: 'client' },
    to: PATHS.clients,
    icon: <TeamOutlined />,
  },
  {
    label: 'Entreprises',
    api: '/api/utilisateurs',
    query: { sous_type: 'entreprise' },
    to: users('entreprise'),
    icon: <ApartmentOutlined />,
  },
  {
    label: 'Camionneurs',
    api: '/api/utilisateurs',
    query: { sous_type: 'camionneur' },
    to: users('camionneur'),
    icon: <TruckOutlined />,
  },
  {
    label: 'Coursiers',
    api: '/api/utilisateurs',
    query: { sous_type: 'coursier' },
    to: users('coursier'),
    icon: <SendOutlined />,
  },
  { label: 'Comptes', api: '/api/utilisateurs', to: PATHS.utilisateurs, icon: <IdcardOutlined /> },
  {
    label: 'Utilisateurs connectes',
    api: connectedUsersEndpoint.path,
    to: PATHS['active-users'],
    icon: <WifiOutlined />,
  },
];

/** The connected-users card follows presence live. */
const LIVE_COUNTS = [['compteur', connectedUsersEndpoint.path]];

/** Accueil: a greeting and the nine counters, each opening its list. */
export default function AccueilPage() {
  const user = useSession()?.user;
  useLiveQueries('presence:changed', LIVE_COUNTS);
  const counts = useQueries({
    queries: COUNTERS.map((c) => ({
      queryKey: ['compteur', c.api, c.query ?? {}],
      queryFn: async ({ signal }: { signal: AbortSignal }) =>
        (await http.get<number>(c.api, { query: { ...c.query, req_count: 1 }, signal, background: true }))
          .data,
    })),
  });
  return (
    <section>
      <PageTitle title="Accueil" />
      <Typography.Paragraph type="secondary">
        Bienvenue{user ? `, ${user.nom_complet || user.name}` : ''} ! Voici l’essentiel de votre activité.
      </Typography.Paragraph>
      <Row gutter={[16, 16]} role="list" aria-label="Compteurs">
        {COUNTERS.map((c, i) => {
          const q = counts[i];
          return (
            <Col key={c.label} xs={12} md={8} xl={6} role="listitem">
              <Link to={c.to} aria-label={`${c.label} : ${q?.data ?? '…'}`}>
                <Card hoverable size="small" style={{ height: '100%' }}>
                  <div style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
                    <span aria-hidden style={{ fontSize: 26, color: '#0b5cab' }}>
                      {c.icon}
                    </span>
                    <div style={{ minWidth: 0 }}>
                      <Typography.Text type="secondary">{c.label}</Typography.Text>
                      <div style={{ fontSize: 24, fontWeight: 600, lineHeight: 1.2 }} data-testid="compteur">
                        {q?.isPending ? (
                          <Skeleton.Input active size="small" style={{ width: 48, minWidth: 48 }} />
                        ) : q?.isError ? (
                          '—'
                        ) : (
                          (q?.data ?? 0).toLocaleString('fr-FR')
                        )}
                      </div>
                    </div>
                  </div>
                </Card>
              </Link>
            </Col>
          );
        })}
      </Row>
    </section>
  );
}
