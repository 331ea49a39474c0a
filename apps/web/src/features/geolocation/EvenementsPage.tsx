import {
  coordonneesTexte,
  formatNumber,
  GPS_EVENEMENT_TYPES,
  type GpsEvenementOut,
  type GpsEvenementType,
  type RapportEvenementsOut,
  rapportEvenementsEndpoint,
} from '@yams/shared';
import { Collapse, Tag } from 'antd';
import { endpointQuery } from '../../base/endpointQuery';
import type { DisplayField } from '../../components/list/types';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { AlertesPreferences } from '../notifications/AlertesPreferences';
import { filtreVehicule, filtreZone, periodeGps } from './rapportsFiltres';

// Événements: the GPS alerts recorded over a period (overspeed, long stops outside the zones, idle engine,
// silent devices, entering and leaving a zone), each with its place; and, above, the user's choice of alerts.

const COULEURS: Record<GpsEvenementType, string> = {
  'Excès de vitesse': 'red',
  'Arrêt prolongé': 'orange',
  'Ralenti moteur': 'gold',
  'Appareil silencieux': 'default',
  'Entrée de zone': 'blue',
  'Sortie de zone': 'geekblue',
};

const LABELS: Record<string, string> = {
  heure: 'Date et heure',
  type: 'Événement',
  vehicule: 'Véhicule',
  lieu: 'Lieu',
  detail: 'Détail',
  course: 'Course',
};

const EVENEMENTS: DisplayField<GpsEvenementOut>[] = [
  { key: 'heure', format: 'datetime' },
  { key: 'type', render: (e) => <Tag color={COULEURS[e.type]}>{e.type}</Tag> },
  { key: 'vehicule', value: (e) => e.vehicule?.plaque ?? e.appareil.nom },
  { key: 'lieu', value: (e) => e.lieu ?? coordonneesTexte(e) },
  { key: 'detail', value: (e) => e.detail },
  { key: 'course', value: (e) => e.course?.code },
];

const query = (v: ReportValues) => ({
  date_debut: v.date_debut,
  date_fin: v.date_fin,
  vehicule: v.vehicule,
  zone: v.zone,
  type: v.type,
});

export const RAPPORT_EVENEMENTS: ReportDecl<RapportEvenementsOut> = {
  title: 'Événements',
  filterLabel: 'Filtrer les événements',
  period: periodeGps,
  filters: [
    {
      name: 'type',
      label: 'Événement',
      options: [{ value: '', label: 'Tous' }, ...GPS_EVENEMENT_TYPES.map((t) => ({ value: t, label: t }))],
      width: 200,
    },
    filtreVehicule,
    filtreZone,
  ],
  query: (v) => endpointQuery(rapportEvenementsEndpoint, { query: query(v) }),
  summary: ({ data }) => [
    { label: 'Événements', value: data.evenements.length, format: 'number' },
    ...data.types.map((t) => ({ label: t.type, value: t.nombre, format: 'number' as const })),
  ],
  sections: [
    {
      key: 'evenements',
      label: 'Événements',
      title: ({ data }) => `Événements (${formatNumber(data?.evenements.length ?? 0)})`,
      render: ({ data, loading }) => (
        <ReportTable
          rows={data?.evenements ?? []}
          fields={EVENEMENTS}
          labels={LABELS}
          rowKey="id"
          loading={loading}
        />
      ),
    },
  ],
  exports: {
    endpoint: rapportEvenementsEndpoint,
    formats: ['xlsx', 'pdf'],
    query,
    name: (v) => `Événements GPS ${v.date_debut} ${v.date_fin}`,
  },
};

export default function EvenementsPage() {
  return (
    <>
      <Collapse
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          {
            key: 'alertes',
            label: 'Mes alertes (dans l’application, par e-mail)',
            children: <AlertesPreferences />,
          },
        ]}
      />
      <ReportScreen decl={RAPPORT_EVENEMENTS} heading={false} />
    </>
  );
}
