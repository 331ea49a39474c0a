import { type AppareilOut, GPS, jourAGabon, type TraceOut, todayInGabon } from '@yams/shared';
import { Empty, Select } from 'antd';
import { useSearchParams } from 'react-router';
import { RowsExportButton } from '../../components/export/RowsExportButton';
import { ReportScreen } from '../../components/report/ReportScreen';
import { ReportTable } from '../../components/report/ReportTable';
import type { ReportDecl, ReportValues } from '../../components/report/types';
import { traceQuery, useAppareilsTous, useNomAppareil } from './api';
import { formatDuration, formatKm } from './format';
import { JOUR_FIELDS, JOUR_LABELS } from './historiqueFields';
import { TraceReplay } from './TraceReplay';
import { TrajetsSection } from './TrajetsSection';

const pluriel = (n: number, mot: string) => `${n} ${mot}${n > 1 ? 's' : ''}`;

/** The device picker of the filter (the form gives it `value` and `onChange`). */
function AppareilSelect(props: { value?: string; onChange?: (v: string) => void }) {
  const devices = useAppareilsTous();
  return (
    <Select
      {...props}
      showSearch
      optionFilterProp="label"
      loading={devices.isLoading}
      placeholder="Appareil"
      style={{ minWidth: 240 }}
      options={(devices.data ?? []).map((d) => ({
        value: String(d.id),
        label: d.vehicule ? `${d.nom} (${d.vehicule.plaque})` : d.nom,
      }))}
    />
  );
}

/** The days' export, named after the device and the period. */
function JoursExport({ jours, values }: { jours: TraceOut['jours']; values: ReportValues }) {
  const nom = useNomAppareil(values.appareil);
  return (
    <RowsExportButton
      rows={jours}
      fields={JOUR_FIELDS}
      labels={JOUR_LABELS}
      name={`Trajets ${nom} ${values.du} ${values.au}`}
      disabled={!jours.length}
    />
  );
}

/**
 * Historique des trajets: a device and a day range (Libreville days, at most 31), its track with the stops of
 * more than 5 minutes and their replay, the distance and driving time of each day, then its trips and stops,
 * each exported as CSV or Excel. In the address: `?appareil=3&du=…&au=…`.
 */
export const HISTORIQUE: ReportDecl<TraceOut> = {
  title: 'Historique des trajets',
  filterLabel: "Filtrer l'historique",
  period: {
    params: ['du', 'au'],
    presets: ['aujourdhui', 'hier', '7_jours', 'mois', 'mois_dernier'],
    maxJours: GPS.traceJoursMax,
    passeSeulement: true,
  },
  filters: [{ name: 'appareil', label: 'Appareil', required: true, input: <AppareilSelect /> }],
  // The map is the screen: it opens on the device's last day on the road (the live map's « Voir
  // l'historique des trajets » links `?appareil=3` alone), as it did before the report kit.
  load: 'ouverture',
  query: (v) => traceQuery(v.appareil!, v.du!, v.au!),
  sections: [
    {
      key: 'carte',
      label: 'Trajet sur la carte',
      own: true,
      render: ({ data, fetching }) => <TraceReplay trace={data} fetching={fetching} />,
    },
    {
      key: 'jours',
      label: 'Résumé par jour',
      title: ({ data }) =>
        data
          ? `${formatKm(data.distance_km * 1000)} parcourus, ${formatDuration(data.duree_conduite_s)} de conduite, ${pluriel(data.arrets.length, 'arrêt')} de plus de ${data.arret_minutes} min`
          : 'Résumé par jour',
      actions: ({ data, values }) => <JoursExport jours={data?.jours ?? []} values={values} />,
      render: ({ data, loading }) => (
        <ReportTable
          rows={data?.jours ?? []}
          fields={JOUR_FIELDS}
          labels={JOUR_LABELS}
          rowKey="date"
          loading={loading}
        />
      ),
    },
    {
      key: 'trajets',
      label: 'Trajets et arrêts',
      own: true,
      render: ({ values }) => <TrajetsSection appareil={values.appareil!} du={values.du!} au={values.au!} />,
    },
  ],
};

/** The device first shown: the one in the address, else the first; its last day on the road (else today). */
function defaultsOf(devices: AppareilOut[], chosen: string | null): ReportValues {
  const device = devices.find((d) => String(d.id) === chosen) ?? devices[0];
  if (!device) return {};
  const day = device.derniere_position ? jourAGabon(device.derniere_position.heure) : todayInGabon();
  return { appareil: String(device.id), du: day, au: day };
}

export default function HistoriquePage() {
  const devices = useAppareilsTous();
  const [params] = useSearchParams();
  const chosen = params.get('appareil');
  if (devices.data && devices.data.length === 0)
    return <Empty description="Aucun appareil : ajoutez-en un dans l'onglet Appareils." />;
  return <ReportScreen decl={HISTORIQUE} heading={false} defaults={defaultsOf(devices.data ?? [], chosen)} />;
}
