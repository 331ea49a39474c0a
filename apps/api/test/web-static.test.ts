import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from './helpers';

// A built web app in miniature: index.html, a hashed asset with its brotli and gzip copies, a favicon.
const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'yams-web-'));
const script = `console.log(${JSON.stringify('Yams '.repeat(400))});`;
fs.mkdirSync(path.join(dist, 'assets'));
fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js'), script);
fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js.br'), zlib.brotliCompressSync(script));
fs.writeFileSync(path.join(dist, 'assets/index-AbC123.js.gz'), zlib.gzipSync(script));

let t: TestContext;
beforeAll(async () => {
  t = await setupApi({}, { webDist: dist });
});

describe('the built web app', () => {
  it('sends hashed assets in their brotli copy, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers['content-type'])).toContain('javascript');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file, as the browser accepts', async () => {
    const gz = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('never lets the browser keep index.html or unhashed files without asking', async () => {
    const page = await t.get('/se-connecter');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
    const icon = await t.get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('answers 404 for a missing asset and leaves the API alone', async () => {
    expect((await t.get('/assets/absent-123.js')).statusCode).toBe(404);
    expect((await t.get('/assets/..%2F..%2Fpackage.json')).statusCode).toBe(404);
    const api = await t.get('/api/inconnu');
    expect(api.statusCode).toBe(404);
    expect(api.json().success).toBe(false);
  });
});
