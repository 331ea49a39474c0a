import { Writable } from 'node:stream';
import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from './helpers';

// The server log never holds a secret. Reset and invitation links carry `token` and `email`
// (an invitation stays valid 7 days), the public tracking link its token, every API call its bearer token:
// the request log writes them redacted, whatever the route.

const lines: string[] = [];
const log = new Writable({
  write(chunk, _encoding, done) {
    lines.push(...String(chunk).split('\n').filter(Boolean));
    done();
  },
});

let t: TestContext;
beforeAll(async () => {
  t = await setupApi({ LOG_LEVEL: 'info' }, { log });
});

const SECRET = 'Zq8sEcReTtOkEn4d9fXk2pL0';

describe('the request log', () => {
  it('redacts tokens, emails, passwords and credentials from every logged URL and header', async () => {
    const bearer = await t.login('direction@transgabon.ga');
    const secretId = bearer.split('|')[1]!;
    lines.length = 0;
    const requests = [
      `/reinitialiser-mot-de-passe?token=${SECRET}&email=direction%40transgabon.ga`,
      `/api/me?password=${SECRET}&email=direction@transgabon.ga&page=2`,
      `/api/suivi/${SECRET}`,
      `/suivi/${SECRET}?x=1`,
      `/api/nexiste-pas?TOKEN=${SECRET}`,
    ];
    for (const url of requests) {
      await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${bearer}`, cookie: `session=${SECRET}` },
      });
    }
    await t.post('/api/login', { email: 'direction@transgabon.ga', password: SECRET });
    const text = lines.join('\n');
    // The log was read: each request is there once, with its route, status and time taken.
    const answered = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === 'requête traitée');
    expect(answered).toHaveLength(requests.length + 1);
    expect(answered[1]).toMatchObject({ req: { method: 'GET' }, res: { statusCode: 200 } });
    expect(answered[0].responseTime).toBeGreaterThan(0);
    expect(lines.filter((l) => l.includes('incoming request'))).toEqual([]);
    expect(text).toContain('/reinitialiser-mot-de-passe?token=');
    expect(text).toContain('page=2');
    expect(text).toContain('/api/suivi/');
    expect(text).toContain('"statusCode":');
    // …and no secret.
    for (const secret of [SECRET, secretId, 'direction@transgabon.ga', 'direction%40transgabon.ga']) {
      expect(text, secret).not.toContain(secret);
    }
    expect(text).not.toMatch(/Bearer/i);
  });
});
