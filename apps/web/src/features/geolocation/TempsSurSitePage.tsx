import {
  formatDateTime,
  formatNumber,
  type RapportZonesOut,
  rapportZonesEndpoint,
  type VisiteZoneOut,
} from '@yams/shared';
import { endpointQuery } from '../../base/endpointQuery';
import type { DisplayField } from '../../components/list/types';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { formatDuration } from './format';
import { filtreClientGps, filtreVehicule, filtreZone, periodeGps } from './rapportsFiltres';

// Temps sur site: each visit of a zone (a depot, a client's site, the port…) or of a course's pickup or
// drop-off, with its arrival, departure and duration — the answer to a demurrage dispute.

type Visite = VisiteZoneOut & { id: string };
type ParZone = RapportZonesOut['zones'][number];

const LABELS: Record<string, string> = {
  zone: 'Zone',
  vehicule: 'Véhicule',
  client: 'Client',
  course: 'Course',
  arrivee: 'Arrivée',
  depart: 'Départ',
  duree_s: 'Durée',
  nom: 'Zone',
  visites: 'Visites',
};

const VISITES: DisplayField<Visite>[] = [
  { key: 'zone', value: (v) => v.zone.nom },
  { key: 'vehicule', value: (v) => v.vehicule?.plaque ?? v.appareil.nom },
  { key: 'client', value: (v) => v.client?.nom },
  { key: 'course', value: (v) => v.course?.code },
  { key: 'arrivee', format: 'datetime' },
  {
    key: 'depart',
    format: 'datetime',
    render: (v) => (v.depart ? formatDateTime(v.depart) : 'Sur place'),
  },
  { key: 'duree_s', value: (v) => formatDuration(v.duree_s) },
];

const ZONES: DisplayField<ParZone>[] = [
  { key: 'nom' },
  { key: 'visites', format: 'number' },
  { key: 'duree_s', value: (z) => formatDuration(z.duree_s) },
];

const query = (v: ReportValues) => ({
  date_debut: v.date_debut,
  date_fin: v.date_fin,
  zone: v.zone,
  vehicule: v.vehicule,
  client: v.client,
});

export const RAPPORT_ZONES: ReportDecl<RapportZonesOut> = {
  title: 'Temps sur site',
  filterLabel: 'Filtrer le temps sur site',
  period: periodeGps,
  filters: [filtreZone, filtreVehicule, filtreClientGps],
  query: (v) => endpointQuery(rapportZonesEndpoint, { query: query(v) }),
  summary: ({ data }) => [
    { label: 'Visites', value: data.visites.length, format: 'number' },
    { label: 'Temps sur site', value: formatDuration(data.duree_s) },
    {
      label: 'Durée moyenne',
      value: data.visites.length ? formatDuration(data.duree_s / data.visites.length) : '—',
    },
    { label: 'Zones visitées', value: data.zones.length, format: 'number' },
  ],
  sections: [
    {
      key: 'visites',
      label: 'Visites',
      title: ({ data }) => `Visites (${formatNumber(data?.visites.length ?? 0)})`,
      render: ({ data, loading }) => (
        <ReportTable
          rows={(data?.visites ?? []).map((v) => ({
            ...v,
            id: `${v.appareil.id}-${v.zone.nom}-${v.arrivee}`,
          }))}
          fields={VISITES}
          labels={LABELS}
          rowKey="id"
          loading={loading}
        />
      ),
    },
    {
      key: 'zones',
      label: 'Par zone',
      render: ({ data, loading }) => (
        <ReportTable rows={data?.zones ?? []} fields={ZONES} labels={LABELS} rowKey="nom" loading={loading} />
      ),
    },
  ],
  exports: {
    endpoint: rapportZonesEndpoint,
    formats: ['xlsx', 'pdf'],
    query,
    name: (v) => `Temps sur site ${v.date_debut} ${v.date_fin}`,
  },
};

export default function TempsSurSitePage() {
  return <ReportScreen decl={RAPPORT_ZONES} heading={false} />;
}
