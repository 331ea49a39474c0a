import { type AppareilOut, GPS, type PositionPoussee } from '@yams/shared';
import type { MapDevice } from './mapDevice';

const time = (iso: string) => new Date(iso).getTime();

/**
 * A device's row after a pushed position (`position:new`), without waiting for the next poll: the newest
 * fix moves the marker (a late fix older than the one shown only joins the track), the track keeps its last
 * GPS.queuePoints points in time order, and the device is online (it has just reported).
 */
export function applyPush(row: AppareilOut, push: PositionPoussee, now = Date.now()): AppareilOut {
  if (row.id !== push.appareil_id || push.positions.length === 0) return row;
  const sorted = [...push.positions].sort((a, b) => time(a.heure) - time(b.heure));
  const newest = sorted.at(-1)!;
  const shown = row.derniere_position;
  const moves = !shown || time(newest.heure) >= time(shown.heure);
  const derniere_position = moves
    ? {
        heure: newest.heure,
        latitude: newest.latitude,
        longitude: newest.longitude,
        vitesse: newest.vitesse,
        cap: newest.cap,
        altitude: shown?.altitude ?? null,
        precision: shown?.precision ?? null,
        batterie: shown?.batterie ?? null,
        en_charge: shown?.en_charge ?? null,
        recu_le: new Date(now).toISOString(),
      }
    : shown;
  // The queue carries no times: new points are appended (a late one only when it is the newest).
  const added = moves ? sorted.filter((p) => !shown || time(p.heure) >= time(shown.heure)) : [];
  const queue = [...row.queue, ...added.map((p) => ({ latitude: p.latitude, longitude: p.longitude }))].slice(
    -GPS.queuePoints,
  );
  return {
    ...row,
    derniere_position,
    latlng: derniere_position
      ? [{ latitude: derniere_position.latitude, longitude: derniere_position.longitude }]
      : row.latlng,
    queue,
    // The API's statut: a message received within the online delay (whatever the fix's own time).
    statut: 'En ligne',
  };
}

/** What the map shows of a device row. */
export function toMapDevice(row: AppareilOut): MapDevice {
  const last = row.derniere_position ?? null;
  const point = last ? { latitude: last.latitude, longitude: last.longitude } : row.latlng.at(-1);
  return {
    id: row.id,
    nom: row.nom,
    identifiant: row.identifiant,
    online: row.statut === 'En ligne',
    position: point ? [point.latitude, point.longitude] : null,
    track: row.queue.map((p) => [p.latitude, p.longitude] as [number, number]),
    vitesse: last?.vitesse ?? null,
    derniere_position: last?.heure ?? null,
    vehicule: row.vehicule?.plaque ?? null,
    course: row.course ? `${row.course.code} · ${row.course.statut}` : null,
    courseId: row.course?.id ?? null,
  };
}
