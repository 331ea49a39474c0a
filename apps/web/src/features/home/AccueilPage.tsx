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
import {
  connectedUsersEndpoint,
  countOf,
  coursesContract,
  demandesContract,
  formatNumber,
  type ListEndpointContract,
  listEndpoint,
  utilisateursContract,
  vehiculesContract,
} from '@yams/shared';
import { Card, Col, Row, Skeleton, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { type CallInput, call } from '../../base/http';
import { PATHS } from '../../base/paths';
import { useLiveQueries } from '../../base/realtime';
import { useSession } from '../../base/session';
import { PageTitle } from '../../components/PageTitle';
import { EcheancesPlans } from '../fleet/EcheancesPlans';

/** One home counter: the count call of the specification (`GET {list}?req_count=1&…`) and the list it opens. */
interface Counter {
  label: string;
  list: ListEndpointContract;
  /** The list's filters, named as its query contract names them. */
  query?: Record<string, string>;
  to: string;
  icon: ReactNode;
}

/** A counter on `list`, its filters' names checked against the list's query contract. */
function counter<E extends ListEndpointContract>(
  list: E,
  query: { [K in keyof NonNullable<CallInput<E>['query']>]?: string } | undefined,
  card: Omit<Counter, 'list' | 'query'>,
): Counter {
  return { list, ...(query ? { query: query as Record<string, string> } : {}), ...card };
}

/** The count a counter shows: the list's answer to `req_count=1`, read by the shared `countOf`. */
async function count(c: Counter, signal: AbortSignal): Promise<number> {
  const input: CallInput<ListEndpointContract> = { query: { ...c.query, req_count: 1 } };
  const { data } = await call(c.list, input, { signal, background: true });
  return countOf(data);
}

const vehicules = listEndpoint(vehiculesContract);
const courses = listEndpoint(coursesContract);
const demandes = listEndpoint(demandesContract);
const utilisateurs = listEndpoint(utilisateursContract);
const users = (sousType: string) => `${PATHS.utilisateurs}?sous_type=${sousType}`;

/** The nine cards of the home screen, in the specification's order. */
export const COUNTERS: Counter[] = [
  counter(vehicules, undefined, { label: 'Véhicules', to: PATHS.vehicules, icon: <CarOutlined /> }),
  counter(courses, undefined, { label: 'Courses', to: PATHS.courses, icon: <SwapOutlined /> }),
  counter(
    demandes,
    { statut: 'En attente' },
    {
      label: 'Réservations',
      to: `${PATHS.demandes}?statut=${encodeURIComponent('En attente')}`,
      icon: <CalendarOutlined />,
    },
  ),
  counter(utilisateurs, { type: 'client' }, { label: 'Clients', to: PATHS.clients, icon: <TeamOutlined /> }),
  counter(
    utilisateurs,
    { sous_type: 'entreprise' },
    { label: 'Entreprises', to: users('entreprise'), icon: <ApartmentOutlined /> },
  ),
  counter(
    utilisateurs,
    { sous_type: 'camionneur' },
    { label: 'Camionneurs', to: users('camionneur'), icon: <TruckOutlined /> },
  ),
  counter(
    utilisateurs,
    { sous_type: 'coursier' },
    { label: 'Coursiers', to: users('coursier'), icon: <SendOutlined /> },
  ),
  counter(utilisateurs, undefined, { label: 'Comptes', to: PATHS.utilisateurs, icon: <IdcardOutlined /> }),
  counter(connectedUsersEndpoint, undefined, {
    label: 'Utilisateurs connectés',
    to: PATHS['active-users'],
    icon: <WifiOutlined />,
  }),
];

/** The connected-users card follows presence live. */
const LIVE_COUNTS = [['compteur', connectedUsersEndpoint.path]];

/** Accueil: a greeting and the nine counters, each opening its list. */
export default function AccueilPage() {
  const user = useSession()?.user;
  useLiveQueries('presence:changed', LIVE_COUNTS);
  const counts = useQueries({
    queries: COUNTERS.map((c) => ({
      queryKey: ['compteur', c.list.path, c.query ?? {}],
      queryFn: ({ signal }: { signal: AbortSignal }) => count(c, signal),
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
                          formatNumber(q?.data ?? 0)
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
      {user?.type !== 'superadmin' && <EcheancesPlans dues title="Entretiens à prévoir" />}
    </section>
  );
}
