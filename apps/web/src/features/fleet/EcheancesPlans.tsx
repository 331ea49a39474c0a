import { useQuery } from '@tanstack/react-query';
import {
  type EcheancePlanOut,
  echeancesPlansEndpoint,
  formatDate,
  formatNumber,
  type PlanEtat,
} from '@yams/shared';
import { Alert, Button, Card, Segmented, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { endpointQuery } from '../../base/endpointQuery';
import { PATHS } from '../../base/paths';
import { SourceSelect } from '../../components/form/SourceSelect';
import { useIsMobile } from '../../components/useIsMobile';
import { vehiculeSource } from './vehiculeFields';

const COULEURS: Record<PlanEtat, string> = { en_retard: 'red', bientot: 'orange', a_jour: 'green' };

/** The due state of a plan on a vehicle, as a tag. */
export const EtatPlan = ({ e }: { e: Pick<EcheancePlanOut, 'etat' | 'etat_libelle'> }) => (
  <Tag color={COULEURS[e.etat]} style={{ marginInlineEnd: 0 }}>
    {e.etat_libelle}
  </Tag>
);

const echeance = (e: EcheancePlanOut) =>
  [
    e.prochaine_date ? formatDate(e.prochaine_date) : null,
    e.prochain_km ? `${formatNumber(e.prochain_km)} km` : null,
  ]
    .filter(Boolean)
    .join(' ou ') || '—';

const actionColumn: TableColumnsType<EcheancePlanOut>[number] = {
  key: 'action',
  title: '',
  render: (_, e) =>
    e.etat === 'a_jour' ? null : (
      <Link to={e.lien_intervention}>
        <Button
          size="small"
          type="primary"
          aria-label={`Créer l’intervention : ${e.libelle} ${e.vehicule.plaque}`}
        >
          Créer l’intervention
        </Button>
      </Link>
    ),
};

/**
 * Échéances: each vehicle under each active plan, the most urgent first, with the link that opens the
 * intervention prefilled from the plan. `dues`: only the ones due soon or overdue (the home page's).
 */
export function EcheancesPlans({ dues = false, title = 'Échéances' }: { dues?: boolean; title?: string }) {
  const [vehicule, setVehicule] = useState<number | undefined>();
  const [seulementDues, setSeulementDues] = useState(dues);
  const q = useQuery(
    endpointQuery(echeancesPlansEndpoint, { query: { ...(seulementDues ? { dues: '1' } : {}), vehicule } }),
  );
  const rows = q.data ?? [];
  const isMobile = useIsMobile();
  // A phone: the vehicle, the maintenance and its due point in one cell, the state, the action.
  const mobileColumns: TableColumnsType<EcheancePlanOut> = [
    {
      key: 'quoi',
      title: 'Entretien',
      render: (_, e) => (
        <div style={{ whiteSpace: 'normal' }}>
          <strong>{e.vehicule.plaque}</strong> · {e.libelle} <EtatPlan e={e} />
          <br />
          <Typography.Text type="secondary">
            {echeance(e)} — {e.texte}
          </Typography.Text>
          {e.etat !== 'a_jour' && (
            <div style={{ marginTop: 4 }}>{actionColumn.render!(null, e, 0) as ReactNode}</div>
          )}
        </div>
      ),
    },
  ];
  return (
    <Card
      title={title}
      style={{ marginTop: 16 }}
      data-testid={dues ? 'entretiens-dus' : 'echeances'}
      extra={dues ? <Link to={PATHS.plans_entretien}>Tous les plans</Link> : null}
    >
      {!dues && (
        <Space wrap style={{ marginBottom: 12 }}>
          <SourceSelect
            source={vehiculeSource}
            allowClear
            placeholder="Tous les véhicules"
            aria-label="Véhicule des échéances"
            style={{ minWidth: 220 }}
            value={vehicule}
            onChange={(v) => setVehicule(v ?? undefined)}
          />
          <Segmented
            aria-label="Échéances montrées"
            value={seulementDues ? 'dues' : 'toutes'}
            onChange={(v) => setSeulementDues(v === 'dues')}
            options={[
              { value: 'toutes', label: 'Toutes' },
              { value: 'dues', label: 'À prévoir' },
            ]}
          />
        </Space>
      )}
      {q.isError && <Alert type="error" showIcon title="Impossible de charger les échéances." />}
      <Table<EcheancePlanOut>
        rowKey={(e) => `${e.plan_id}:${e.vehicule.id}`}
        size="small"
        loading={q.isLoading}
        dataSource={rows}
        pagination={{ pageSize: 10, hideOnSinglePage: true }}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        locale={{ emptyText: dues ? 'Aucun entretien à prévoir' : 'Aucune donnée' }}
        columns={
          isMobile
            ? mobileColumns
            : [
                { key: 'vehicule', title: 'Véhicule', render: (_, e) => e.vehicule.plaque },
                { key: 'libelle', title: 'Entretien', dataIndex: 'libelle' },
                { key: 'etat', title: 'État', render: (_, e) => <EtatPlan e={e} /> },
                {
                  key: 'texte',
                  title: 'Échéance',
                  render: (_, e) => (
                    <span>
                      {echeance(e)}
                      <Typography.Text type="secondary"> — {e.texte}</Typography.Text>
                    </span>
                  ),
                },
                {
                  key: 'compteur',
                  title: 'Compteur',
                  align: 'right',
                  render: (_, e) => (e.compteur === null ? '—' : `${formatNumber(e.compteur)} km`),
                },
                actionColumn,
              ]
        }
      />
    </Card>
  );
}
