import {
  formatNumber,
  type RapportResumeOut,
  type ResumeConducteurOut,
  type ResumeVehiculeOut,
  rapportResumeEndpoint,
} from '@yams/shared';
import { endpointQuery } from '../../base/endpointQuery';
import type { DisplayField } from '../../components/list/types';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl } from '../../components/report/types';
import { formatDuration, formatSpeed } from './format';
import { filtreVehicule, periodeGps } from './rapportsFiltres';

// Résumé: each vehicle's and each driver's distance, driving time, stops, top speed, idle and engine time
// (where the tracker reports its ignition), positions and days without data over a period.

const km = (n: number) => `${formatNumber(n, 1)} km`;
const duree = (s: number | null) => (s === null ? '—' : formatDuration(s));

const LABELS: Record<string, string> = {
  vehicule: 'Véhicule',
  conducteur: 'Conducteur',
  distance_km: 'Distance',
  duree_conduite_s: 'Conduite',
  arrets: 'Arrêts',
  vitesse_max_kmh: 'Vitesse max.',
  ralenti_s: 'Ralenti',
  moteur_s: 'Moteur',
  positions: 'Positions',
  jours_sans_donnees: 'Jours sans données',
  vehicules: 'Véhicules',
};

type Chiffres = ResumeVehiculeOut | ResumeConducteurOut;
const chiffres = <T extends Chiffres>(): DisplayField<T>[] => [
  { key: 'distance_km', value: (r) => km(r.distance_km) },
  { key: 'duree_conduite_s', value: (r) => formatDuration(r.duree_conduite_s) },
  { key: 'arrets', format: 'number' },
  { key: 'vitesse_max_kmh', value: (r) => formatSpeed(r.vitesse_max_kmh) },
  { key: 'ralenti_s', value: (r) => duree(r.ralenti_s) },
  { key: 'moteur_s', value: (r) => duree(r.moteur_s) },
  { key: 'positions', format: 'number' },
];

/** A vehicle's line, keyed by its device. */
type LigneVehicule = ResumeVehiculeOut & { id: number };

const VEHICULES: DisplayField<LigneVehicule>[] = [
  {
    key: 'vehicule',
    // The plate, and the device's name when it does not say it already.
    value: (r) =>
      !r.vehicule
        ? r.appareil.nom
        : r.appareil.nom.includes(r.vehicule.plaque)
          ? r.vehicule.plaque
          : `${r.vehicule.plaque} (${r.appareil.nom})`,
  },
  ...chiffres<LigneVehicule>(),
  { key: 'jours_sans_donnees', format: 'number' },
];

const CONDUCTEURS: DisplayField<ResumeConducteurOut>[] = [
  { key: 'conducteur' },
  ...chiffres<ResumeConducteurOut>(),
  { key: 'vehicules', value: (r) => r.vehicules.join(', ') },
];

export const RAPPORT_RESUME: ReportDecl<RapportResumeOut> = {
  title: 'Résumé',
  filterLabel: 'Filtrer le résumé',
  period: periodeGps,
  filters: [filtreVehicule],
  query: (v) =>
    endpointQuery(rapportResumeEndpoint, {
      query: { date_debut: v.date_debut, date_fin: v.date_fin, vehicule: v.vehicule },
    }),
  summary: ({ data }) => [
    { label: 'Distance', value: km(data.totaux.distance_km) },
    { label: 'Conduite', value: formatDuration(data.totaux.duree_conduite_s) },
    { label: 'Arrêts', value: data.totaux.arrets, format: 'number' },
    { label: 'Vitesse max.', value: formatSpeed(data.totaux.vitesse_max_kmh) },
  ],
  sections: [
    {
      key: 'vehicules',
      label: 'Par véhicule',
      title: ({ data }) => `Par véhicule (${formatNumber(data?.vehicules.length ?? 0)})`,
      render: ({ data, loading }) => (
        <ReportTable
          rows={(data?.vehicules ?? []).map((v) => ({ ...v, id: v.appareil.id }))}
          fields={VEHICULES}
          labels={LABELS}
          rowKey="id"
          loading={loading}
        />
      ),
    },
    {
      key: 'conducteurs',
      label: 'Par conducteur',
      title: ({ data }) => `Par conducteur (${formatNumber(data?.conducteurs.length ?? 0)})`,
      render: ({ data, loading }) => (
        <ReportTable
          rows={data?.conducteurs ?? []}
          fields={CONDUCTEURS}
          labels={LABELS}
          rowKey="conducteur"
          loading={loading}
        />
      ),
    },
  ],
  exports: {
    endpoint: rapportResumeEndpoint,
    formats: ['xlsx', 'pdf'],
    query: (v) => ({ date_debut: v.date_debut, date_fin: v.date_fin, vehicule: v.vehicule }),
    name: (v) => `Résumé ${v.date_debut} ${v.date_fin}`,
  },
};

export default function ResumePage() {
  return <ReportScreen decl={RAPPORT_RESUME} heading={false} />;
}
