import path from 'node:path';
import { DEFAULT_TOKEN_TTL_HOURS } from '@yams/shared';

export interface Config {
  port: number;
  host: string;
  /** Folder of the embedded database, the outbox and uploads. */
  dataDir: string;
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  databaseUrl?: string;
  redisUrl?: string;
  /** SMTP connection string (smtp://user:pass@host:port); when unset mail goes to DATA_DIR/outbox. */
  smtpUrl?: string;
  mailFrom: string;
  /** Public address of the web app, used in mailed links. */
  appUrl: string;
  tokenTtlHours: number;
  /** Built web app to serve, if any. */
  webDist?: string;
  /** Seed the demo data on first start of an empty database. */
  seedDemo: boolean;
  logLevel: string;
  /** Other origins allowed to open a realtime socket besides APP_URL (the Vite dev server). */
  realtimeOrigins: string[];
  /** A process that stops renewing its presence (crashed) loses its users after this long. */
  presenceTtlMs: number;
  /** How often each process checks that its sockets' tokens are still valid. */
  realtimeRecheckMs: number;
  /**
   * Fastify's `trustProxy`: whether `X-Forwarded-For` names the client. Off by default, otherwise any client
   * could forge its address and escape the per-address login limit.
   */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** `GPS_PORT`: a second listener answering the OsmAnd protocol at `/` (Traccar Client's default 5055). */
  gpsPort?: number;
  /**
   * Requests per minute and source address on each limited route (plugins/limits.ts): `public` (sign-in,
   * password reset, verification, the public tracking page) and `gps` (the OsmAnd ingest).
   */
  limites: { public: number; gps: number };
}

/** `TRUST_PROXY`: unset/0/false → off; `true` → any proxy; `2` → that many hops; else addresses or CIDRs. */
export function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (v.toLowerCase() === 'true') return true;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return (_address, hop) => hop < hops;
  }
  if (!/^[0-9a-fA-F.:/, ]+$/.test(v)) {
    throw new Error(
      `TRUST_PROXY invalide : « ${value} ». Indiquez true, un nombre de relais, ou des adresses IP/CIDR séparées par des virgules.`,
    );
  }
  return v;
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT invalide : « ${env.PORT} ». Indiquez un numéro de port entre 0 et 65535.`);
  }
  const ttl = Number(env.TOKEN_TTL ?? DEFAULT_TOKEN_TTL_HOURS);
  if (!Number.isFinite(ttl) || ttl <= 0) {
    throw new Error(`TOKEN_TTL invalide : « ${env.TOKEN_TTL} ». Indiquez une durée en heures.`);
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Yams Manager <no-reply@yams.ga>',
    appUrl: (env.APP_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    tokenTtlHours: ttl,
    webDist: env.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    realtimeOrigins: (env.REALTIME_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim().replace(/\/$/, ''))
      .filter(Boolean),
    presenceTtlMs: positiveMs(env.PRESENCE_TTL_MS, 15_000),
    realtimeRecheckMs: positiveMs(env.REALTIME_RECHECK_MS, 15_000),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    gpsPort: parseGpsPort(env.GPS_PORT),
    limites: {
      public: perMinute(env, 'LIMITE_PUBLIC_PAR_MINUTE', LIMITE_PUBLIC),
      gps: perMinute(env, 'LIMITE_GPS_PAR_MINUTE', LIMITE_GPS),
    },
  };
}

/**
 * A person at a browser or an app: 2 requests a second on one public route, for a whole office behind one
 * address (50 people signing in at 8:00 stay well inside).
 */
const LIMITE_PUBLIC = 120;
/**
 * Trackers share addresses: a company's SIM cards leave through one APN gateway and Gabon's mobile
 * operators put many phones behind one carrier NAT. 6,000 a minute (100 messages a second) carries 1,000
 * devices reporting every 10 s from one address; a sweep of Traccar Client's 6-digit identifiers then takes
 * hours and learns nothing (every identifier gets the same answer), and a device with a key refuses it.
 */
const LIMITE_GPS = 6_000;

function perMinute(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) {
    throw new Error(`${name} invalide : « ${raw} ». Indiquez un nombre entier de requêtes par minute (≥ 1).`);
  }
  return n;
}

function parseGpsPort(raw: string | undefined): number | undefined {
  if (raw === undefined || raw.trim() === '') return undefined;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`GPS_PORT invalide : « ${raw} ». Indiquez un numéro de port entre 0 et 65535.`);
  }
  return port;
}

function positiveMs(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
}
