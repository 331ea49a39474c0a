import zlib from 'node:zlib';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, setupFixtures } from './fixtures';
import { uploadLogo } from './helpers';

// The printed invoice: a validated invoice is frozen as it was validated, its issuer and
// client blocks included; characters the PDF font cannot draw never print as garbage.

let ctx: Fixtures;
let clientId: number;

beforeAll(async () => {
  ctx = await setupFixtures();
  clientId = (await ctx.client(ctx.A, 'Figé')).id;
});

/** A one-pixel PNG of that colour (a real image: the PDF embeds it). */
function png([r, g, b]: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(Buffer.concat([Buffer.from(type), data])));
    return Buffer.concat([len, Buffer.from(type), data, crc]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.from([0, r, g, b]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const PNG_ROUGE = png([200, 0, 0]);
const PNG_BLEU = png([0, 0, 200]);

async function logo(bytes: Buffer) {
  const res = await uploadLogo(ctx.t, ctx.A.token, bytes);
  expect(res.statusCode, res.body).toBe(200);
}

async function parametres(body: Record<string, unknown>) {
  const res = await ctx.t.post('/api/entreprise/parametres/update', body, ctx.A.token);
  expect(res.statusCode, res.body).toBe(200);
}

async function facture(lignes: Array<Record<string, unknown>>) {
  const res = await ctx.t.post(
    '/api/factures',
    { date_operation: '2026-04-10', type: 'Normale', client_id: clientId, lignes },
    ctx.A.token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number };
}

async function pdf(id: number) {
  const res = await ctx.t.get(`/api/factures/${id}/pdf`, ctx.A.token);
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}

async function texte(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('a validated invoice is frozen', () => {
  it('prints the issuer, client and logo it was validated with, while a draft follows the current ones', async () => {
    await logo(PNG_ROUGE);
    await parametres({
      raison_sociale: 'TransGabon Avant SARL',
      adresse: 'Quartier Louis, Libreville',
      nif: 'NIF-AVANT-001',
      rccm: 'RCCM-AVANT-001',
    });
    const up = await ctx.t.post(
      `/api/utilisateurs/${clientId}/update`,
      { adresse: 'Ancienne adresse, Owendo', telephone1: '+241 01 11 11 11' },
      ctx.A.token,
    );
    expect(up.statusCode, up.body).toBe(200);
    const validee = await facture([
      { description: 'Transport Owendo – Ntoum', qte: 1, prix_unitaire: 250_000 },
    ]);
    const v = await ctx.t.post(`/api/factures/${validee.id}/validate`, {}, ctx.A.token);
    expect(v.statusCode, v.body).toBe(200);
    const brouillon = await facture([{ description: 'Transport Akanda', qte: 1, prix_unitaire: 100_000 }]);
    const avant = await pdf(validee.id);
    expect(await texte(avant)).toContain('NIF : NIF-AVANT-001');

    // Everything the invoice printed changes afterwards: the company's details and logo, the client's.
    await parametres({
      raison_sociale: 'TransGabon Après SA',
      adresse: 'Boulevard Triomphal, Libreville',
      nif: 'NIF-APRES-002',
      rccm: 'RCCM-APRES-002',
      telephone: '+241 01 99 99 99',
    });
    await logo(PNG_BLEU);
    const up2 = await ctx.t.post(
      `/api/utilisateurs/${clientId}/update`,
      { nom: 'Renommé', adresse: 'Nouvelle adresse, Akanda', telephone1: '+241 01 22 22 22' },
      ctx.A.token,
    );
    expect(up2.statusCode, up2.body).toBe(200);

    const apres = await pdf(validee.id);
    const t = await texte(apres);
    for (const s of [
      'TransGabon Avant SARL',
      'Quartier Louis, Libreville',
      'NIF : NIF-AVANT-001',
      'RCCM : RCCM-AVANT-001',
      'Ancienne adresse, Owendo',
      '+241 01 11 11 11',
    ]) {
      expect(t).toContain(s);
    }
    for (const s of ['Après', 'NIF-APRES', 'Boulevard Triomphal', 'Renommé', 'Nouvelle adresse']) {
      expect(t).not.toContain(s);
    }
    // The same document, byte for byte (the old logo included).
    expect(apres.equals(avant)).toBe(true);
    // The screen shows the client as invoiced too.
    const shown = (await ctx.t.get(`/api/factures/${validee.id}`, ctx.A.token)).json().data;
    expect(shown.client).toMatchObject({
      adresse: 'Ancienne adresse, Owendo',
      telephone1: '+241 01 11 11 11',
    });
    expect(shown.client.nom_complet).not.toContain('Renommé');

    // A draft is not an invoice yet: it prints the current details.
    const d = await texte(await pdf(brouillon.id));
    expect(d).toContain('TransGabon Après SA');
    expect(d).toContain('NIF : NIF-APRES-002');
    expect(d).toContain('Nouvelle adresse, Akanda');
  });
});

describe('characters outside the font', () => {
  it('prints accents, the euro and typographic quotes as themselves and never garbage for an emoji', async () => {
    await parametres({ raison_sociale: 'Transports Ébène 🚚 SARL' });
    const f = await facture([
      { description: 'Bois 🌳 de l’Ogooué « œuvre » — 5 € ✓', qte: 1, prix_unitaire: 100_000 },
      { description: 'Привет Ωmega ŋ', qte: 1, prix_unitaire: 1_000 },
      { description: 'Trajet Libreville → Franceville', qte: 1, prix_unitaire: 1_000 },
    ]);
    const t = await texte(await pdf(f.id));
    expect(t).toContain('Transports Ébène');
    expect(t).toContain('de l’Ogooué « œuvre » — 5 €');
    // Cyrillic and Greek are drawn by the font (Helvetica drew them as garbage too).
    expect(t).toContain('Привет Ωmega ŋ');
    // An arrow neither font draws prints as a dash, never as nothing between the two towns.
    expect(t).toMatch(/Libreville [–→] Franceville/);
    // What Helvetica's encoding turned 🌳 into (Ø<ß3): the UTF-16 halves as Latin-1 bytes.
    expect(t).not.toMatch(/Ø[<=>]/);
    expect(t).not.toContain('Ø=Ý');
    // The emoji itself, when the font draws it, or nothing: the words around it stay whole.
    expect(t).toMatch(/Bois (🌳 )?de l’Ogooué/);
    expect(t).toMatch(/Transports Ébène (🚚 )?SARL/);
  });
});
