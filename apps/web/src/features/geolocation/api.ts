import { useQuery } from '@tanstack/react-query';
import {
  type AppareilOut,
  appareilsContract,
  appareilsInconnusEndpoint,
  gpsServeurEndpoint,
  MAP,
  type PositionPoussee,
  REALTIME_EVENTS,
  rapportTrajetsEndpoint,
  traceEndpoint,
} from '@yams/shared';
import { useEffect, useMemo } from 'react';
import { endpointQuery } from '../../base/endpointQuery';
import { call } from '../../base/http';
import { queryClient } from '../../base/queryClient';
import { LIVE_QUERY_ROOTS, useRealtimeEvent } from '../../base/realtime';
import { createResource } from '../../components/list/resource';
import { applyPush, toMapDevice } from './livePositions';

/** `/api/appareils`: the devices list screen pages it; the map reads it whole (no `page`). */
export const appareils = createResource('appareils', appareilsContract);

/** The map's copy of the devices: under the resource, so every write of the devices screen refreshes it. */
const liveKey = [...appareils.keys.all, 'live'] as const;

/** A device's trips and stops over a day range (`GET /api/rapports/trajets`). */
export const rapportTrajetsQuery = (appareil_id: string, date_debut: string, date_fin: string) =>
  endpointQuery(rapportTrajetsEndpoint, { query: { appareil_id, date_debut, date_fin } });

/** A device's track over a day range: `GET /api/appareils/{id}/trace`. */
export const traceQuery = (id: string, date_debut: string, date_fin: string) =>
  endpointQuery(traceEndpoint, { params: { id: Number(id) }, query: { date_debut, date_fin } });

/** A device's name, for a file name (read from the devices' list, already cached by the picker). */
export function useNomAppareil(id: string | undefined): string {
  const devices = useAppareilsTous();
  return devices.data?.find((d) => String(d.id) === id)?.nom ?? '';
}

/** Every device of the company, for a picker (no polling: the map does that). */
export const useAppareilsTous = () =>
  useQuery({
    queryKey: [...appareils.keys.all, 'tous'],
    queryFn: ({ signal }) => appareils.fetchAll({}, { signal }),
  });

/**
 * The company's devices for the map: `GET /api/appareils` every 10 s, and each position the API pushes
 * (`position:new`) applied to the cached rows at once, so a new position shows within a second. A device
 * the map does not know yet (just registered) triggers a refetch. After a realtime reconnection the devices
 * are fetched again (positions may have been missed meanwhile).
 */
export function useMapDevices() {
  const query = useQuery({
    queryKey: liveKey,
    queryFn: ({ signal }) => appareils.fetchAll({}, { signal, background: true }),
    refetchInterval: MAP.geolocation.pollMs,
  });
  useEffect(() => {
    if (!LIVE_QUERY_ROOTS.some((root) => root.join() === liveKey.join())) LIVE_QUERY_ROOTS.push([...liveKey]);
  }, []);
  useRealtimeEvent<PositionPoussee>(REALTIME_EVENTS.position, (push) => {
    const rows = queryClient.getQueryData<AppareilOut[]>(liveKey);
    if (!rows?.some((r) => r.id === push.appareil_id)) {
      void queryClient.invalidateQueries({ queryKey: liveKey });
      return;
    }
    queryClient.setQueryData<AppareilOut[]>(liveKey, (old) => old?.map((r) => applyPush(r, push)));
  });
  const devices = useMemo(() => (query.data ?? []).map(toMapDevice), [query.data]);
  return { devices, error: query.isError, loading: query.isPending };
}

/**
 * Identifiers the ingest refused lately ('Appareil inconnu'), to assign to a company in one click: the
 * superadmin's only (`enabled` false for a company, which the API would refuse).
 */
export function useAppareilsInconnus(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...appareils.keys.all, 'inconnus'],
    queryFn: async ({ signal }) =>
      (await call(appareilsInconnusEndpoint, {}, { signal, background: true })).data,
    refetchInterval: 30_000,
  });
}

/** Where devices send: the OsmAnd listener's port when the server opened one (GPS_PORT). */
export function useGpsServeur() {
  return useQuery({
    queryKey: ['gps-serveur'],
    queryFn: async ({ signal }) => (await call(gpsServeurEndpoint, {}, { signal })).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
