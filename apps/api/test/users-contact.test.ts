import { beforeAll, describe, expect, it } from 'vitest';
import { setupApi, type TestContext } from './helpers';

// A client needs a phone or an email (many customers have none); every other account needs its email.

let t: TestContext;
let token: string;

beforeAll(async () => {
  t = await setupApi();
  token = await t.login('direction@transgabon.ga');
});

const client = (extra: Record<string, unknown>) => ({
  name: `sans.email.${Math.random().toString(36).slice(2, 8)}`,
  type: 'client',
  nom: 'Ndong',
  prenom: 'Pierre',
  ...extra,
});

describe('a client without email', () => {
  it('is recorded with a phone alone, and no invitation is mailed', async () => {
    const mails = t.mails.length;
    const res = await t.post('/api/utilisateurs', client({ telephone1: '+241 077 12 34 56' }), token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ email: null, telephone1: '+241 077 12 34 56', type: 'client' });
    expect(t.mails.length).toBe(mails);
    const found = await t.get(`/api/utilisateurs?type=client&search=${res.json().data.name}`, token);
    expect(found.json().data.map((u: { id: number }) => u.id)).toContain(res.json().data.id);
  });

  it('is refused with neither a phone nor an email, on the phone field', async () => {
    const res = await t.post('/api/utilisateurs', client({ email: '' }), token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Un client doit avoir un téléphone ou un email.']);
    expect(res.json().data.fields).toEqual({ telephone1: 'Un client doit avoir un téléphone ou un email.' });
  });

  it('cannot lose its last way of being reached', async () => {
    const created = (await t.post('/api/utilisateurs', client({ telephone1: '066000000' }), token)).json()
      .data;
    const res = await t.post(`/api/utilisateurs/${created.id}/update`, { telephone1: null }, token);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual(['Un client doit avoir un téléphone ou un email.']);
    const stored = (await t.get(`/api/utilisateurs/${created.id}`, token)).json().data;
    expect(stored.telephone1).toBe('066000000');
  });

  it('still needs an email for a staff account', async () => {
    const res = await t.post(
      '/api/utilisateurs',
      { ...client({ telephone1: '066000001' }), type: 'agent' },
      token,
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().data.fields.email).toBe("L'email est obligatoire.");
  });
});
