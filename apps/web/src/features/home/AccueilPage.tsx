import { CarOutlined, DashboardOutlined, ReconciliationOutlined, SwapOutlined } from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PATHS, type RouteName } from '../../app/routes';
import { useSession } from '../../app/session';
import { PageTitle } from '../../components/PageTitle';

const SHORTCUTS: Array<{ route: RouteName; label: string; text: string; icon: ReactNode }> = [
  {
    route: 'vehicules',
    label: 'Parc automobile',
    text: 'Véhicules, documents et interventions.',
    icon: <CarOutlined aria-hidden />,
  },
  {
    route: 'courses',
    label: 'Operations',
    text: 'Courses, demandes, paiements et calendrier.',
    icon: <SwapOutlined aria-hidden />,
  },
  {
    route: 'factures',
    label: 'Comptabilite',
    text: 'Factures, achats, caisse et journaux.',
    icon: <ReconciliationOutlined aria-hidden />,
  },
  {
    route: 'dashboard',
    label: 'Tableau de bord',
    text: "Chiffre d'affaires et activité.",
    icon: <DashboardOutlined aria-hidden />,
  },
];

/** Accueil: a welcome for now; the counters come with a later version. */
export default function AccueilPage() {
  const user = useSession()?.user;
  return (
    <section>
      <PageTitle title="Accueil" />
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          Bienvenue{user ? `, ${user.nom_complet || user.name}` : ''} !
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          Gérez votre flotte, vos opérations de transport et votre comptabilité depuis un seul espace.
        </Typography.Paragraph>
      </Card>
      <Row gutter={[16, 16]}>
        {SHORTCUTS.map((s) => (
          <Col key={s.route} xs={24} sm={12} xl={6}>
            <Link to={PATHS[s.route]}>
              <Card hoverable style={{ height: '100%' }}>
                <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start' }}>
                  <span style={{ fontSize: 22, color: '#0b5cab' }}>{s.icon}</span>
                  <div>
                    <Typography.Text strong>{s.label}</Typography.Text>
                    <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                      {s.text}
                    </Typography.Paragraph>
                  </div>
                </div>
              </Card>
            </Link>
          </Col>
        ))}
      </Row>
    </section>
  );
}
