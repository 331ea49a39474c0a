import { POSITIONS_LOT_MAX } from '@yams/shared';
import { CHEMINS, call, getSession } from './api';
import { nouvelId } from './format';
import { ecrireCache, lireCache } from './outbox';

// The phone's position while the app is open: `watchPosition`, one fix every 30 s at most, kept on
// the phone (IndexedDB, with the outbox) and sent in batches to `POST /api/chauffeur/positions` — at the first
// fix, every minute, and when the network returns. The API stores them as the phone's GPS device, on the
// vehicle he drives (the live map, arrival events); a batch sent twice is stored once.

interface Fix {
  date: string;
  lat: number;
  lng: number;
  precision_m: number;
  vitesse: number | null;
  cap: number | null;
  altitude: number | null;
}

/** Per driver: a phone handed to another driver never sends the first one's positions as his. */
const cle = () => `positions:${getSession()?.user.id ?? 0}`;
/** Kept at most on the phone (a week offline at one fix a minute is ~10,000: the oldest go first). */
const GARDEES_MAX = 10_000;
const ECART_MS = 30_000;
const ENVOI_MS = 60_000;

let file: Promise<unknown> = Promise.resolve();
/** Reads and writes of the stored fixes one after the other (a fix arriving while a batch is sent). */
function enSerie<T>(fn: () => Promise<T>): Promise<T> {
  const next = file.then(fn, fn);
  file = next.catch(() => undefined);
  return next;
}

const lire = async (key: string) => (await lireCache<Fix[]>(key)) ?? [];

function garder(fix: Fix): Promise<void> {
  const key = cle();
  return enSerie(async () => {
    const fixes = await lire(key);
    fixes.push(fix);
    await ecrireCache(key, fixes.slice(-GARDEES_MAX));
  });
}

let envoi: Promise<void> | null = null;
/** Sends what waits, a batch at a time; stops when the network or the server does not answer. */
export function envoyerPositions(): Promise<void> {
  envoi ??= (async () => {
    try {
      while (getSession()) {
        const key = cle();
        const lot = (await lire(key)).slice(0, POSITIONS_LOT_MAX);
        if (!lot.length) return;
        const res = await call(
          'POST',
          CHEMINS.positions,
          { positions: lot },
          { 'idempotency-key': nouvelId() },
        );
        // No answer: they wait. Refused (a fix too old…): dropped, so one bad fix never holds the rest.
        if (!res.ok && (res.status === 0 || res.status >= 500 || res.status === 401 || res.status === 429))
          return;
        const sent = new Set(lot.map((f) => f.date));
        await enSerie(async () =>
          ecrireCache(
            key,
            (await lire(key)).filter((f) => !sent.has(f.date)),
          ),
        );
      }
    } finally {
      envoi = null;
    }
  })();
  return envoi;
}

/** Follows the phone's position while the app is open and signed in; the returned function stops it. */
export function suivrePosition(): () => void {
  if (!('geolocation' in navigator)) return () => undefined;
  let derniere = 0;
  let premiere = true;
  const watch = navigator.geolocation.watchPosition(
    (p) => {
      if (p.timestamp - derniere < ECART_MS) return;
      derniere = p.timestamp;
      const c = p.coords;
      void garder({
        date: new Date(p.timestamp).toISOString(),
        lat: Math.round(c.latitude * 1e6) / 1e6,
        lng: Math.round(c.longitude * 1e6) / 1e6,
        precision_m: Math.round(c.accuracy),
        vitesse: c.speed === null || Number.isNaN(c.speed) ? null : Math.round(c.speed * 3.6),
        cap: c.heading === null || Number.isNaN(c.heading) ? null : Math.round(c.heading),
        altitude: c.altitude === null ? null : Math.round(c.altitude),
      }).then(() => {
        if (premiere && navigator.onLine) void envoyerPositions();
        premiere = false;
      });
    },
    () => undefined,
    { enableHighAccuracy: true, maximumAge: ECART_MS },
  );
  const online = () => void envoyerPositions();
  window.addEventListener('online', online);
  const timer = setInterval(() => navigator.onLine && void envoyerPositions(), ENVOI_MS);
  return () => {
    navigator.geolocation.clearWatch(watch);
    window.removeEventListener('online', online);
    clearInterval(timer);
  };
}
