import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { afterAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { type Database, openPglite, openPostgres } from '../src/db/client';
import { users } from '../src/db/schema';
import type { Mail, Mailer } from '../src/lib/mailer';

/**
 * CREATE DATABASE … TEMPLATE needs the template to have no other session (another file copying it at the
 * same instant): retried with a short random backoff, 20 times at most.
 */
export async function createDatabaseFromTemplate(admin: pg.Client, name: string, template: string) {
  for (let i = 0; ; i++) {
    try {
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
      return;
    } catch (err) {
      if (i > 20) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

/** A copy of the migrated, seeded template: in-memory PGlite, or a fresh PostgreSQL database. */
async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject('pgTemplate');
  if (url && template) {
    const name = `yams_t_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await createDatabaseFromTemplate(admin, name, template);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const database = openPostgres(target.toString(), 4);
    return {
      ...database,
      async close() {
        await database.close();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      },
    };
  }
  const file = inject('pgliteTemplate');
  if (!file) throw new Error('Le modèle de base de test est absent (global-setup).');
  return openPglite({ loadDataDir: new Blob([fs.readFileSync(file)]) });
}

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  mails: Mail[];
  dataDir: string;
  /** Signs in and returns the bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** Signs in to the driver's app (`source: "chauffeur"`) by email or phone and returns the bearer token. */
  loginChauffeur(ident: { email: string } | { telephone: string }, password?: string): Promise<string>;
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  post(
    url: string,
    body?: unknown,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** The last mail sent to an address. */
  lastMailTo(email: string): Mail | undefined;
}

/**
 * One app on its own copy of the database for a test file; closed after the file. `env` adds settings;
 * `webDist` serves a built web app; `log` receives the server's log (JSON lines) instead of nothing.
 */
export async function setupApi(
  env: Record<string, string> = {},
  options: { webDist?: string; log?: Writable } = {},
): Promise<TestContext> {
  const database = await openTestDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-test-'));
  const mails: Mail[] = [];
  const mailer: Mailer = {
    async send(mail) {
      mails.push(mail);
    },
  };
  const config = {
    ...loadConfig({ DATA_DIR: dataDir, APP_URL: 'http://yams.test', ...env }),
    webDist: options.webDist,
  };
  const app = await buildApp({
    config,
    database,
    mailer,
    logger: options.log ? { stream: options.log } : false,
  });
  await app.ready();
  afterAll(async () => {
    await app.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  const headers = (token?: string): Record<string, string> =>
    token ? { authorization: `Bearer ${token}` } : {};
  const ctx: TestContext = {
    app,
    database,
    mails,
    dataDir,
    async login(email, password = 'Yams2026!') {
      const res = await ctx.post('/api/login', { email, password, source: 'test' });
      const body = res.json();
      if (!body.success) throw new Error(`login ${email} failed: ${res.body}`);
      return body.data.token as string;
    },
    async loginChauffeur(ident, password = 'Yams2026!') {
      const res = await ctx.post('/api/login', { ...ident, password, source: 'chauffeur' });
      const body = res.json();
      if (!body.success) throw new Error(`login chauffeur ${JSON.stringify(ident)} failed: ${res.body}`);
      return body.data.token as string;
    },
    get: (url, token) => app.inject({ method: 'GET', url, headers: headers(token) }),
    post: (url, body, token, extra = {}) =>
      app.inject({ method: 'POST', url, payload: body as never, headers: { ...headers(token), ...extra } }),
    lastMailTo: (email) => mails.filter((m) => m.to === email).at(-1),
  };
  return ctx;
}

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipart(field: string, name: string, type: string, bytes: Buffer) {
  return formData({ [field]: { name, type, bytes } });
}

/** A file part of `formData`. */
export interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
}

/**
 * A multipart/form-data body of text fields and file parts, as a browser's FormData sends it; a list sends
 * the same name once per item (`photos`).
 */
export function formData(fields: Record<string, string | number | boolean | FilePart | FilePart[]>) {
  const boundary = `----yams${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) {
      if (typeof v === 'object') {
        parts.push(
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${v.name}"\r\nContent-Type: ${v.type}\r\n\r\n`,
          ),
          v.bytes,
          Buffer.from('\r\n'),
        );
      } else {
        parts.push(
          Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${v}\r\n`),
        );
      }
    }
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Every string in a JSON answer, to check that no secret ever leaks. */
export function allKeys(value: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, keys);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      keys.add(k);
      allKeys(v, keys);
    }
  }
  return keys;
}

/** A second back-office account of a company (same password as the demo logins). */
export async function addBackOfficeUser(
  t: TestContext,
  entrepriseId: number,
  email: string,
): Promise<number> {
  const [model] = await t.database.db.select().from(users).where(eq(users.id, entrepriseId));
  // Raw on purpose: the services make every transporteur account a company of its own (createUser).
  const [row] = await t.database.db
    .insert(users)
    .values({
      name: email.split('@')[0]!,
      type: 'transporteur',
      sous_type: 'entreprise',
      nom: 'Second',
      prenom: 'Compte',
      email,
      password: model!.password,
      email_verified_at: new Date().toISOString(),
      entreprise_id: entrepriseId,
    })
    .returning({ id: users.id });
  return row!.id;
}

/** A small valid PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');

/** `POST /api/entreprise/parametres/logo`: the company's logo as a multipart upload, part « logo ». */
export function uploadLogo(t: TestContext, token: string, bytes: Buffer) {
  const { payload, contentType } = multipart('logo', 'logo.png', 'image/png', bytes);
  return t.app.inject({
    method: 'POST',
    url: '/api/entreprise/parametres/logo',
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}

/** `POST /api/documents/{id}/fichier`: the file as a multipart upload, part « fichier ». */
export function uploadFichier(
  t: TestContext,
  id: number,
  token: string,
  bytes: Buffer = PDF,
  name = 'document.pdf',
  type = 'application/pdf',
) {
  const { payload, contentType } = multipart('fichier', name, type, bytes);
  return t.app.inject({
    method: 'POST',
    url: `/api/documents/${id}/fichier`,
    payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
  });
}
