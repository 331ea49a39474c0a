import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from './helpers';

// A built web app in miniature, to see the headers the pages are served with.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-web-'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');

const APP_URL = 'http://yams.test';
const DEV_ORIGIN = 'http://localhost:5173';
let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await setupApi({ APP_URL, REALTIME_ORIGINS: DEV_ORIGIN }, { webDist: dist });
  token = await t.login('direction@transgabon.ga');
});

/** The CSP header as directive → sources. */
function policy(res: LightMyRequestResponse): Map<string, string[]> {
  const raw = String(res.headers['content-security-policy'] ?? '');
  return new Map(
    raw
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe('security headers', () => {
  it('serves the app pages, the public tracking page and the API under a strict policy', async () => {
    for (const url of ['/', '/connexion', '/suivi/un-jeton-quelconque', '/api/me']) {
      const res = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${token}` },
      });
      const csp = policy(res);
      expect(csp.get('default-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src'), url).toEqual(["'self'"]);
      expect(csp.get('script-src-attr'), url).toEqual(["'none'"]);
      expect(csp.get('style-src'), url).toEqual(["'self'", "'unsafe-inline'"]);
      expect(csp.get('object-src'), url).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(csp.get('base-uri'), url).toEqual(["'self'"]);
      expect(csp.get('connect-src'), url).toEqual(["'self'", 'ws://yams.test']);
      const img = csp.get('img-src')!;
      for (const src of ["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']) {
        expect(img, url).toContain(src);
      }
      expect(
        img.some((s) => s === '*' || s === 'https:'),
        url,
      ).toBe(false);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      // OpenStreetMap refuses tiles asked without a Referer: no 'no-referrer'.
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    }
  });

  it('lets the API docs load with their own policy, scripts still strict', async () => {
    const page = await t.get('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui-bundle.js');
    expect(page.body).not.toMatch(/<script>(?!\s*<\/script>)/);
    const csp = policy(page);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(csp.get('img-src')).toEqual(["'self'", 'data:']);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    const bundle = await t.get('/api/docs/static/swagger-ui-bundle.js');
    expect(bundle.statusCode).toBe(200);
    expect(bundle.body.length).toBeGreaterThan(100_000);
    const spec = await t.get('/api/docs/json');
    expect(spec.statusCode).toBe(200);
    expect(spec.json().openapi).toMatch(/^3\./);
  });
});

describe('CORS', () => {
  const withOrigin = (origin: string, method: 'GET' | 'OPTIONS' = 'GET') =>
    t.app.inject({
      method,
      url: '/api/me',
      headers: {
        origin,
        authorization: `Bearer ${token}`,
        ...(method === 'OPTIONS'
          ? { 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' }
          : {}),
      },
    });

  it('answers the web app and the realtime dev origin', async () => {
    for (const origin of [APP_URL, DEV_ORIGIN]) {
      const res = await withOrigin(origin);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      const preflight = await withOrigin(origin, 'OPTIONS');
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe(origin);
    }
  });

  it('gives a foreign page no access-control-allow-origin, on requests and preflights', async () => {
    for (const origin of ['http://evil.test', 'http://yams.test.evil.test', 'null']) {
      const res = await withOrigin(origin);
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
      expect(res.headers['access-control-allow-credentials']).toBeUndefined();
      const preflight = await withOrigin(origin, 'OPTIONS');
      expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
      expect(preflight.headers['access-control-allow-methods']).toBeUndefined();
    }
  });

  it('leaves the mobile apps, which send no Origin, untouched', async () => {
    const res = await t.get('/api/me', token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('cookies', () => {
  it('sets none: sign-in, csrf-cookie, pages, docs and errors carry no Set-Cookie', async () => {
    const responses = [
      await t.post('/api/login', { email: 'direction@transgabon.ga', password: 'Yams2026!', source: 'x' }),
      await t.post('/api/login', { email: 'direction@transgabon.ga', password: 'mauvais', source: 'x' }),
      await t.get('/sanctum/csrf-cookie'),
      await t.get('/'),
      await t.get('/api/docs'),
      await t.get('/api/me', token),
      await t.get('/api/nulle-part'),
      await t.post('/api/logout', {}, await t.login('direction@transgabon.ga')),
    ];
    expect(responses.map((r) => r.statusCode)).toEqual([200, 422, 200, 200, 200, 200, 404, 200]);
    for (const res of responses) expect(res.headers['set-cookie']).toBeUndefined();
  });
});
