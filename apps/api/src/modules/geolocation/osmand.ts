import { IDENTIFIANT_APPAREIL } from '@yams/shared';

// The OsmAnd protocol as Traccar Client and many GPS trackers speak it (Traccar's OsmAndProtocolDecoder):
// (a) query string or form body: id|deviceid, timestamp, lat+lon or location=lat,lon, speed (knots),
//     bearing|heading, altitude, accuracy, hdop, batt, charge, valid, anything else kept as an attribute;
// (b) JSON (current Traccar Client): {device_id, location: {timestamp, coords: {latitude, longitude,
//     accuracy, speed (m/s), heading, altitude}, is_moving, odometer, battery: {level 0–1, is_charging},
//     event, …}} where `location` may be an array (the fixes kept while the phone was offline).
// Pure functions: the transport (HTTP, the GPS port) and the storage are elsewhere.

/** One fix, ready to store. */
export interface Fix {
  heure: string;
  latitude: number;
  longitude: number;
  /** km/h */
  vitesse: number | null;
  cap: number | null;
  altitude: number | null;
  precision: number | null;
  /** percent */
  batterie: number | null;
  en_charge: boolean | null;
  attributs: Record<string, unknown> | null;
  /** false when the device said the fix is not valid (`valid=false`): stored, never used for events. */
  valide: boolean;
}

export interface OsmandMessage {
  identifiant: string;
  fixes: Fix[];
}

/** A message that cannot be stored: answered 400 with this French sentence. */
export class OsmandError extends Error {}

/** A batch larger than this is refused (a phone offline for days at one fix a minute sends ~10,000). */
export const OSMAND_BATCH_MAX = 20_000;

const KNOTS_TO_KMH = 1.852;
const MS_TO_KMH = 3.6;
/** Fixes dated before this, or more than a day ahead of the server, are impossible. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const AHEAD_MS = 24 * 3600 * 1000;

/** A finite number from a parameter, or null when absent/blank; NaN for anything else (refused by callers). */
function num(v: unknown): number | null {
  if (v === undefined || v === null || v === '') return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const t = v.trim();
    if (t === '') return null;
    return /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(t) ? Number(t) : Number.NaN;
  }
  return Number.NaN;
}

/** An optional measure: a bad or negative value (Traccar sends -1 for unknown) is dropped, not fatal. */
function measure(v: unknown, factor = 1, allowNegative = false): number | null {
  const n = num(v);
  if (n === null || !Number.isFinite(n) || (!allowNegative && n < 0)) return null;
  return Math.round(n * factor * 100) / 100;
}

function bool(v: unknown): boolean | null {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return v !== 0;
  if (typeof v === 'string') {
    const t = v.trim().toLowerCase();
    if (t === 'true' || t === '1') return true;
    if (t === 'false' || t === '0') return false;
  }
  return null;
}

/**
 * `timestamp`: epoch seconds, epoch milliseconds when above 2147483647, or ISO 8601 (a time without a
 * zone is UTC, as devices report). Absent: the server's time.
 */
export function parseTimestamp(v: unknown, now = Date.now()): string {
  let ms: number;
  if (v === undefined || v === null || v === '') ms = now;
  else {
    const n = num(v);
    if (n !== null && Number.isFinite(n)) ms = n > 2_147_483_647 ? n : n * 1000;
    else if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(v.trim())) {
      const t = v.trim().replace(' ', 'T');
      ms = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/i.test(t) ? t : `${t}Z`);
    } else ms = Number.NaN;
  }
  if (!Number.isFinite(ms))
    throw new OsmandError(`L'heure de la position n'est pas valide : « ${String(v)} ».`);
  if (ms < EARLIEST || ms > now + AHEAD_MS) {
    throw new OsmandError(`L'heure de la position est impossible : « ${String(v)} ».`);
  }
  return new Date(Math.round(ms)).toISOString();
}

function coordinates(lat: unknown, lng: unknown): { latitude: number; longitude: number } {
  const latitude = num(lat);
  const longitude = num(lng);
  if (latitude === null || longitude === null) {
    throw new OsmandError('La latitude et la longitude sont obligatoires (lat et lon, ou location).');
  }
  if (
    !Number.isFinite(latitude) ||
    !Number.isFinite(longitude) ||
    Math.abs(latitude) > 90 ||
    Math.abs(longitude) > 180
  ) {
    throw new OsmandError(
      `Coordonnées impossibles : latitude « ${String(lat)} », longitude « ${String(lng)} ».`,
    );
  }
  return { latitude, longitude };
}

function identifiant(v: unknown): string {
  const id = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!id) throw new OsmandError("L'identifiant de l'appareil est obligatoire (id, deviceid ou device_id).");
  if (!IDENTIFIANT_APPAREIL.test(id)) {
    throw new OsmandError(
      "L'identifiant de l'appareil n'est pas valide (lettres, chiffres, . _ : - ; 64 au plus).",
    );
  }
  return id;
}

const KNOWN = new Set([
  'id',
  'deviceid',
  'timestamp',
  'lat',
  'lon',
  'location',
  'speed',
  'bearing',
  'heading',
  'altitude',
  'accuracy',
  'batt',
  'charge',
  'valid',
]);

/** Form or query parameters (values may repeat: the first is taken). */
export function parseParams(params: Record<string, unknown>, now = Date.now()): OsmandMessage {
  const one = (k: string) => {
    const v = params[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const id = identifiant(one('id') ?? one('deviceid'));
  let lat = one('lat');
  let lon = one('lon');
  const location = one('location');
  if ((lat === undefined || lon === undefined) && typeof location === 'string') {
    const [a, b] = location.split(',');
    lat = a;
    lon = b;
  }
  const attributs: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(params)) {
    if (KNOWN.has(k) || k.length > 60) continue;
    if (Object.keys(attributs).length >= 50) break;
    const value = Array.isArray(v) ? v[0] : v;
    attributs[k] = typeof value === 'string' ? value.slice(0, 500) : value;
  }
  const fix: Fix = {
    heure: parseTimestamp(one('timestamp'), now),
    ...coordinates(lat, lon),
    vitesse: measure(one('speed'), KNOTS_TO_KMH),
    cap: measure(one('bearing') ?? one('heading')),
    altitude: measure(one('altitude'), 1, true),
    // hdop is not in metres: it stays an attribute.
    precision: measure(one('accuracy')),
    batterie: measure(one('batt')),
    en_charge: bool(one('charge')),
    attributs: Object.keys(attributs).length ? attributs : null,
    valide: bool(one('valid')) !== false,
  };
  return { identifiant: id, fixes: [fix] };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonFix(loc: unknown, now: number): Fix {
  if (!isObject(loc) || !isObject(loc.coords)) {
    throw new OsmandError('Chaque position doit porter coords.latitude et coords.longitude.');
  }
  const c = loc.coords;
  const battery = isObject(loc.battery) ? loc.battery : {};
  const level = measure(battery.level);
  const attributs: Record<string, unknown> = {};
  for (const k of ['is_moving', 'odometer', 'event', 'uuid', 'mock'] as const) {
    if (loc[k] !== undefined && (typeof loc[k] !== 'object' || loc[k] === null)) attributs[k] = loc[k];
  }
  if (isObject(loc.activity) && typeof loc.activity.type === 'string') {
    attributs.activity = loc.activity.type.slice(0, 40);
  }
  return {
    heure: parseTimestamp(loc.timestamp, now),
    ...coordinates(c.latitude, c.longitude),
    vitesse: measure(c.speed, MS_TO_KMH),
    cap: measure(c.heading),
    altitude: measure(c.altitude, 1, true),
    precision: measure(c.accuracy),
    batterie: level === null ? null : Math.round(Math.min(1, level) * 1000) / 10,
    en_charge: bool(battery.is_charging),
    attributs: Object.keys(attributs).length ? attributs : null,
    valide: true,
  };
}

/** The JSON form, one location or an array of them. */
export function parseJson(body: unknown, now = Date.now()): OsmandMessage {
  if (!isObject(body)) throw new OsmandError('Le message doit être un objet JSON {device_id, location}.');
  const id = identifiant(body.device_id ?? body.deviceid ?? body.id);
  const { location } = body;
  const list = Array.isArray(location) ? location : [location];
  if (list.length === 0) throw new OsmandError('Le lot de positions est vide.');
  if (list.length > OSMAND_BATCH_MAX) {
    throw new OsmandError(`Un lot ne peut pas dépasser ${OSMAND_BATCH_MAX} positions.`);
  }
  return { identifiant: id, fixes: list.map((l) => jsonFix(l, now)) };
}

/**
 * Any OsmAnd request: a JSON body, else the form body's and the query string's parameters (the body wins).
 */
export function parseOsmand(query: unknown, body: unknown, now = Date.now()): OsmandMessage {
  if (isObject(body) && ('location' in body || 'device_id' in body)) return parseJson(body, now);
  if (typeof body === 'string' && body.trim() !== '') {
    // A form body sent without its content type (some trackers).
    if (!/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(body.trim())) {
      throw new OsmandError('Le corps du message n’est pas lisible (formulaire ou JSON attendu).');
    }
    body = Object.fromEntries(new URLSearchParams(body.trim()));
  } else if (body !== undefined && body !== null && !isObject(body)) {
    throw new OsmandError('Le corps du message n’est pas lisible (formulaire ou JSON attendu).');
  }
  const params = { ...(isObject(query) ? query : {}), ...(isObject(body) ? body : {}) };
  return parseParams(params, now);
}
