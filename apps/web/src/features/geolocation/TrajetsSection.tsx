import { useQuery } from '@tanstack/react-query';
import type { RapportTrajetsOut } from '@yams/shared';
import { RowsExportButton } from '../../components/export/RowsExportButton';
import type { DisplayField } from '../../components/list/types';
import { ReportSection } from '../../components/ReportSection';
import { ReportTable } from '../../components/report/ReportTable';
import { rapportTrajetsQuery, useNomAppareil } from './api';
import { formatDuration, formatFix, formatKm, formatSpeed } from './format';

/** One line of the report: a trip or a stop, in time order. */
interface Ligne {
  key: string;
  type: 'Trajet' | 'Arrêt';
  debut: string;
  fin: string;
  duree_s: number;
  lieu: string;
  distance_km: number | null;
  vitesse_max_kmh: number | null;
  vitesse_moy_kmh: number | null;
  course: string | null;
  conducteur: string | null;
}

const LABELS = {
  type: 'Type',
  debut: 'Début',
  fin: 'Fin',
  duree: 'Durée',
  lieu: 'Lieu',
  distance: 'Distance',
  vitesse_max: 'Vitesse max.',
  vitesse_moy: 'Vitesse moy.',
  course: 'Course',
  conducteur: 'Conducteur',
};

const place = (p: { adresse: string | null; latitude: number; longitude: number }) =>
  p.adresse ?? `${p.latitude.toFixed(4)}, ${p.longitude.toFixed(4)}`;

/** Trips and stops of the report, merged in time order. */
function lignes(r: RapportTrajetsOut): Ligne[] {
  const trips: Ligne[] = r.trajets.map((t) => ({
    key: `t${t.debut}`,
    type: 'Trajet',
    debut: t.debut,
    fin: t.fin,
    duree_s: t.duree_s,
    lieu: `${place(t.depart)} → ${place(t.arrivee)}`,
    distance_km: t.distance_km,
    vitesse_max_kmh: t.vitesse_max_kmh,
    vitesse_moy_kmh: t.vitesse_moy_kmh,
    course: t.course?.code ?? null,
    conducteur: t.conducteur,
  }));
  const stops: Ligne[] = r.arrets.map((a) => ({
    key: `a${a.debut}`,
    type: 'Arrêt',
    debut: a.debut,
    fin: a.fin,
    duree_s: a.duree_min * 60,
    lieu: place(a),
    distance_km: null,
    vitesse_max_kmh: null,
    vitesse_moy_kmh: null,
    course: a.course?.code ?? null,
    conducteur: null,
  }));
  return [...trips, ...stops].sort((a, b) => a.debut.localeCompare(b.debut));
}

/** The table's columns and the export's, from one list. */
const FIELDS: DisplayField<Ligne>[] = [
  { key: 'type' },
  { key: 'debut', value: (l) => formatFix(l.debut) },
  { key: 'fin', value: (l) => formatFix(l.fin) },
  { key: 'duree', value: (l) => formatDuration(l.duree_s), align: 'right' },
  { key: 'lieu' },
  {
    key: 'distance',
    value: (l) => (l.distance_km === null ? null : formatKm(l.distance_km * 1000)),
    align: 'right',
  },
  {
    key: 'vitesse_max',
    value: (l) => (l.vitesse_max_kmh === null ? null : formatSpeed(l.vitesse_max_kmh)),
    align: 'right',
  },
  {
    key: 'vitesse_moy',
    value: (l) => (l.vitesse_moy_kmh === null ? null : formatSpeed(l.vitesse_moy_kmh)),
    align: 'right',
  },
  { key: 'course' },
  { key: 'conducteur' },
];

const pluriel = (n: number, mot: string) => `${n} ${mot}${n > 1 ? 's' : ''}`;

/**
 * « Trajets et arrêts » of the history: each trip (from a stop of 5 min or more to the next) with its places
 * (the nearest saved address, else coordinates), distance, duration, speeds and the course running then,
 * and each stop, in time order; exported as CSV or Excel with the same columns. Its own endpoint
 * (`GET /api/rapports/trajets`), so its own region, titled by its counts.
 */
export function TrajetsSection({ appareil, du, au }: { appareil: string; du: string; au: string }) {
  const rapport = useQuery(rapportTrajetsQuery(appareil, du, au));
  const nom = useNomAppareil(appareil);
  const rows = rapport.data ? lignes(rapport.data) : [];
  return (
    <ReportSection
      label="Trajets et arrêts"
      title={
        rapport.data
          ? `${pluriel(rapport.data.trajets.length, 'trajet')}, ${pluriel(rapport.data.arrets.length, 'arrêt')}`
          : 'Trajets et arrêts'
      }
      actions={
        <RowsExportButton
          rows={rows}
          fields={FIELDS}
          labels={LABELS}
          name={`Trajets et arrêts ${nom} ${du} ${au}`}
          disabled={!rows.length}
        />
      }
    >
      <ReportTable
        rows={rows}
        fields={FIELDS}
        labels={LABELS}
        rowKey="key"
        loading={rapport.isLoading}
        emptyText="Aucun trajet ni arrêt sur cette période"
      />
    </ReportSection>
  );
}
