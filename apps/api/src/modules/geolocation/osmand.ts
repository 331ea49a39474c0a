import { GPS, IDENTIFIANT_APPAREIL } from '@yams/shared';

// The OsmAnd protocol as Traccar Client and many GPS trackers speak it (Traccar's OsmAndProtocolDecoder):
// (a) query string or form body: id|deviceid, timestamp, lat+lon or location=lat,lon, speed (knots),
//     bearing|heading, altitude, accuracy, batt, charge, valid, cell and wifi (repeatable), anything else
//     kept as an attribute typed as Traccar types it (a number, true/false, else the text; driverUniqueId
//     always text);
// (b) JSON (current Traccar Client): {device_id, location: {timestamp, coords: {latitude, longitude,
//     accuracy, speed (m/s), heading, altitude}, is_moving, odometer, battery: {level 0–1, is_charging},
//     event, activity, extras: {…}}} where `location` may be an array (the fixes kept while offline).
// A message without coordinates (cell towers and wifi only) is a `releve`: Traccar answers it 200 and
// stores it at the device's last known place, and so do we (ingest.ts). `key` (or the path's token) is the
// device's secret, never an attribute. A fix dated more than GPS.avanceMaxMinutes ahead of the server (a
// phone with a wrong clock) is stored at its receive time, its own time kept as `heure_appareil`.
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

/** What a message without coordinates says (cell towers, wifi, battery…): stored at the last known place. */
export type Releve = Omit<Fix, 'latitude' | 'longitude'>;

export interface OsmandMessage {
  identifiant: string;
  /** The device's secret as the message carries it (`key`, or the token of the path), if any. */
  cle: string | null;
  fixes: Fix[];
  releves: Releve[];
}

/** A message that cannot be stored: answered 400 with this French sentence. */
export class OsmandError extends Error {}

/** A batch larger than this is refused (a phone offline for days at one fix a minute sends ~10,000). */
export const OSMAND_BATCH_MAX = 20_000;

const KNOTS_TO_KMH = 1.852;
const MS_TO_KMH = 3.6;
/** Fixes dated before this are impossible (a GPS week rollover): stored at their receive time. */
const EARLIEST = Date.parse('2000-01-01T00:00:00Z');
const AHEAD_MS = GPS.avanceMaxMinutes * 60_000;

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

/** A fix time: the device's, or the receive time when the device's is impossible (`horsDelai`). */
interface Heure {
  heure: string;
  /** The device's own time when it was replaced by the receive time. */
  heureAppareil: string | null;
}

/**
 * `timestamp`: epoch seconds, epoch milliseconds when above 2147483647, or ISO 8601 (a time without a
 * zone is UTC, as devices report). Absent: the server's time. More than GPS.avanceMaxMinutes ahead of
 * `now`, or before 2000: the receive time (`now`), the device's kept in `heureAppareil`. Unreadable: 400.
 */
export function parseTimestamp(v: unknown, now = Date.now()): Heure {
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
    const device = Math.abs(ms) < 8.64e15 ? new Date(Math.round(ms)).toISOString() : String(v);
    return { heure: new Date(now).toISOString(), heureAppareil: device };
  }
  return { heure: new Date(Math.round(ms)).toISOString(), heureAppareil: null };
}

/**
 * Fixes of one message put at the receive time stay distinct and in their order (one millisecond apart,
 * the last at `now`), so a batch from a phone with a wrong clock is not folded into one fix.
 */
function spread<T extends { heure: string; attributs: Record<string, unknown> | null }>(
  fixes: T[],
  now: number,
): T[] {
  const moved = fixes
    .filter((f) => typeof f.attributs?.heure_appareil === 'string')
    .sort((a, b) => String(a.attributs!.heure_appareil).localeCompare(String(b.attributs!.heure_appareil)));
  moved.forEach((f, i) => {
    f.heure = new Date(now - (moved.length - 1 - i)).toISOString();
  });
  return fixes;
}

/** `heure` and, when it was replaced, the device's own time as an attribute. */
function timed(v: unknown, now: number, attributs: Record<string, unknown>) {
  const { heure, heureAppareil } = parseTimestamp(v, now);
  if (heureAppareil) attributs.heure_appareil = heureAppareil;
  return heure;
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
  'key',
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
  'cell',
  'wifi',
]);
/** Attributes kept per message, and the longest text kept of one. */
const ATTRIBUTS_MAX = 50;
const TEXTE_MAX = 500;
/** Attributes Traccar keeps as text whatever they look like (a driver's badge `0012` stays `0012`). */
const TEXTES = new Set(['driverUniqueId']);

/** A parameter's value as Traccar types it: a number, true/false, else the text. */
function typed(key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if (TEXTES.has(key)) return value.slice(0, TEXTE_MAX);
  const n = num(value);
  if (n !== null && Number.isFinite(n)) return n;
  if (value === 'true') return true;
  if (value === 'false') return false;
  return value.slice(0, TEXTE_MAX);
}

/** Adds a primitive attribute (typed, bounded in number and size). */
function addAttribut(attributs: Record<string, unknown>, key: string, value: unknown): void {
  if (key.length > 60 || Object.keys(attributs).length >= ATTRIBUTS_MAX) return;
  if (value === null || value === undefined || typeof value === 'object') return;
  if (typeof value === 'number' && !Number.isFinite(value)) return;
  attributs[key] = typed(key, value);
}

const ints = (parts: string[]) => {
  const n = parts.map((p) => (/^-?\d+$/.test(p.trim()) ? Number(p) : Number.NaN));
  return n.some((x) => Number.isNaN(x)) ? null : n;
};

/**
 * `cell=mcc,mnc,lac,cid[,signal]` and `wifi=mac,signal` (each repeatable), as Traccar's `network`
 * (cellTowers, wifiAccessPoints); an unreadable entry is dropped.
 */
function network(cells: unknown[], wifis: unknown[]): Record<string, unknown> | null {
  const cellTowers = cells.flatMap((c) => {
    const n = typeof c === 'string' ? ints(c.split(',')) : null;
    if (!n || n.length < 4 || n.length > 5) return [];
    const [mcc, mnc, lac, cid, signal] = n;
    return [
      {
        mobileCountryCode: mcc,
        mobileNetworkCode: mnc,
        locationAreaCode: lac,
        cellId: cid,
        ...(signal === undefined ? {} : { signalStrength: signal }),
      },
    ];
  });
  const wifiAccessPoints = wifis.flatMap((w) => {
    const [mac, signal] = typeof w === 'string' ? w.split(',') : [];
    const n = signal === undefined ? null : ints([signal]);
    if (!mac || !/^[0-9A-Fa-f]{2}([:-][0-9A-Fa-f]{2}){5}$/.test(mac) || !n) return [];
    return [{ macAddress: mac.replaceAll('-', ':').toLowerCase(), signalStrength: n[0] }];
  });
  if (!cellTowers.length && !wifiAccessPoints.length) return null;
  return {
    ...(cellTowers.length ? { cellTowers: cellTowers.slice(0, 20) } : {}),
    ...(wifiAccessPoints.length ? { wifiAccessPoints: wifiAccessPoints.slice(0, 20) } : {}),
  };
}

/** A secret as sent: letters, digits, - and _ (what `cleAppareil` makes), else none. */
function cleOf(v: unknown): string | null {
  const k = Array.isArray(v) ? v[0] : v;
  return typeof k === 'string' && /^[A-Za-z0-9_-]{1,128}$/.test(k.trim()) ? k.trim() : null;
}

/** Form or query parameters (values may repeat: the first is taken, every one of cell and wifi). */
export function parseParams(params: Record<string, unknown>, now = Date.now()): OsmandMessage {
  const one = (k: string) => {
    const v = params[k];
    return Array.isArray(v) ? v[0] : v;
  };
  const all = (k: string) => {
    const v = params[k];
    return v === undefined ? [] : Array.isArray(v) ? v : [v];
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
    if (!KNOWN.has(k)) addAttribut(attributs, k, Array.isArray(v) ? v[0] : v);
  }
  const net = network(all('cell'), all('wifi'));
  if (net) attributs.network = net;
  const releve: Releve = {
    heure: timed(one('timestamp'), now, attributs),
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
  const message = { identifiant: id, cle: cleOf(params.key), fixes: [] as Fix[], releves: [] as Releve[] };
  // Neither lat, lon nor location: a message of cell towers, wifi or sensors only (Traccar stores it).
  if (lat === undefined && lon === undefined) message.releves.push(releve);
  else message.fixes.push({ ...releve, ...coordinates(lat, lon) });
  return message;
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
  // Traccar's names: is_moving is `motion`.
  if (typeof loc.is_moving === 'boolean') attributs.motion = loc.is_moving;
  for (const k of ['odometer', 'event', 'uuid', 'mock'] as const) addAttribut(attributs, k, loc[k]);
  if (isObject(loc.activity) && typeof loc.activity.type === 'string') {
    attributs.activity = loc.activity.type.slice(0, 40);
  }
  // The app's own extras (set in Traccar Client or by the integrator), typed as sent.
  if (isObject(loc.extras)) for (const [k, v] of Object.entries(loc.extras)) addAttribut(attributs, k, v);
  return {
    heure: timed(loc.timestamp, now, attributs),
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
  return {
    identifiant: id,
    cle: cleOf(body.key),
    fixes: spread(
      list.map((l) => jsonFix(l, now)),
      now,
    ),
    releves: [],
  };
}

/**
 * Any OsmAnd request: a JSON body, else the form body's and the query string's parameters (the body wins).
 * The device's secret may also be in the query (`key`) of a JSON request.
 */
export function parseOsmand(query: unknown, body: unknown, now = Date.now()): OsmandMessage {
  if (isObject(body) && ('location' in body || 'device_id' in body)) {
    const message = parseJson(body, now);
    return { ...message, cle: message.cle ?? (isObject(query) ? cleOf(query.key) : null) };
  }
  if (typeof body === 'string' && body.trim() !== '') {
    // A form body sent without its content type (some trackers).
    if (!/^[^=&\s]+=[^&]*(&[^=&\s]+=[^&]*)*$/.test(body.trim())) {
      throw new OsmandError('Le corps du message n’est pas lisible (formulaire ou JSON attendu).');
    }
    body = formParams(body.trim());
  } else if (body !== undefined && body !== null && !isObject(body)) {
    throw new OsmandError('Le corps du message n’est pas lisible (formulaire ou JSON attendu).');
  }
  const params = { ...(isObject(query) ? query : {}), ...(isObject(body) ? body : {}) };
  return parseParams(params, now);
}

/** A form body's parameters, a repeated one (cell, wifi) as the list of its values. */
export function formParams(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [k, v] of new URLSearchParams(text)) {
    const prev = out[k];
    out[k] = prev === undefined ? v : Array.isArray(prev) ? [...prev, v] : [prev, v];
  }
  return out;
}
