import fs from 'node:fs';
import path from 'node:path';
import { addDays, todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema';
import { expectEvery } from './fixtures';
import { data, type FleetContext, failed, fleetContext, type Json } from './fleet-fixtures';

let c: FleetContext;
let camion: { id: number; plaque: string };
beforeAll(async () => {
  c = await fleetContext();
  const type = data(await c.t.get('/api/types_vehicules?search=Plateau', c.tg))[0];
  camion = data(
    await c.t.post('/api/vehicules', { plaque: 'DOC-001', marque: 'Isuzu', type_vehicule_id: type.id }, c.tg),
  );
});

const pdfBytes = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const PDF = `data:application/pdf;base64,${pdfBytes.toString('base64')}`;
const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`;

async function storedPath(id: number) {
  const [row] = await c.t.database.db.select().from(documents).where(eq(documents.id, id));
  return row?.fichier ? path.join(c.t.dataDir, 'uploads', row.fichier) : null;
}

describe('GET /api/documents', () => {
  it('lists the company’s documents with their vehicle plate and state, soonest expiry first', async () => {
    const { t, tg, tgId } = c;
    const list = data(await t.get('/api/documents?limit=500', tg)) as Array<Json>;
    expect(list.length).toBeGreaterThan(60);
    expectEvery(list, (d) => d.entreprise_id === tgId);
    expect(list[0]).toMatchObject({
      association: 'vehicule',
      camion: { plaque: expect.stringMatching(/^GA-/) },
    });
    const dated = list.filter((d) => d.date_expiration).map((d) => d.date_expiration as string);
    expect(dated).toEqual([...dated].sort());
    expect(list.some((d) => d.etat === 'Expiré')).toBe(true);
    expect(list.some((d) => d.etat === 'Expire bientôt')).toBe(true);
    expect(data(await t.get('/api/documents?req_count=1', tg))).toBe(list.length);
    expect(data(await t.get('/api/documents?page=1', tg))).toMatchObject({ per_page: 6, total: list.length });
  });

  it('filters by vehicle, month of expiry (calendar) and expiry date, and searches', async () => {
    const { t, tg } = c;
    const today = todayInGabon();
    const month = today.slice(0, 7);
    const soon = data(
      await t.post(
        '/api/documents',
        { libelle: 'Assurance', camion_id: camion.id, date_expiration: `${month}-28` },
        tg,
      ),
    );
    data(
      await t.post(
        '/api/documents',
        { libelle: 'Patente', camion_id: camion.id, date_expiration: addDays(today, 400) },
        tg,
      ),
    );
    const mine = data(await t.get(`/api/documents?camion_id=${camion.id}`, tg)) as Array<{
      camion_id: number;
      libelle: string;
    }>;
    expect(mine.map((d) => d.libelle)).toEqual(['Assurance', 'Patente']);
    const inMonth = data(await t.get(`/api/documents?req_period=${month}`, tg)) as Array<{
      id: number;
      date_expiration: string;
    }>;
    expect(inMonth.some((d) => d.id === soon.id)).toBe(true);
    expectEvery(inMonth, (d) => d.date_expiration.startsWith(month));
    failed(
      await t.get('/api/documents?req_period=2026-13', tg),
      422,
      'La période doit être au format AAAA-MM.',
    );
    const limit = addDays(today, 30);
    const before = data(await t.get(`/api/documents?expire_avant=${limit}`, tg)) as Array<{
      date_expiration: string;
    }>;
    expect(before.length).toBeGreaterThan(0);
    expectEvery(before, (d) => d.date_expiration <= limit);
    failed(
      await t.get('/api/documents?expire_avant=demain', tg),
      422,
      "La date expire_avant n'est pas valide (AAAA-MM-JJ).",
    );
    expect(data(await t.get(`/api/documents?search=DOC-001&req_count=1`, tg))).toBe(2);
    expect(data(await t.get(`/api/documents?camion_id=${camion.id}&search=patente`, tg))).toHaveLength(1);
  });
});

describe('writing documents', () => {
  it('requires a libellé and a vehicle of the company, in French', async () => {
    const { t, tg } = c;
    const res = await t.post('/api/documents', {}, tg);
    failed(res, 422, 'Le libellé est obligatoire.', 'libelle');
    failed(res, 422, 'Le véhicule est obligatoire.', 'camion_id');
    failed(
      await t.post('/api/documents', { libelle: 'Assurance', camion_id: 999999 }, tg),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
    failed(
      await t.post(
        '/api/documents',
        { libelle: 'Assurance', camion_id: camion.id, date_expiration: '2026-02-30' },
        tg,
      ),
      422,
      "La date d'expiration n'est pas une date valide (AAAA-MM-JJ).",
      'date_expiration',
    );
  });

  it('stores an attached file under DATA_DIR/uploads/documents and serves it to the company only', async () => {
    const { t, tg, og, tgId } = c;
    const res = await t.post(
      '/api/documents',
      { libelle: 'Carte grise', camion_id: camion.id, fichier: PDF, fichier_nom: 'carte grise é.pdf' },
      tg,
    );
    expect(res.json().message).toBe('Le document a été ajouté.');
    const doc = data(res);
    expect(doc).toMatchObject({
      fichier: `/api/documents/${doc.id}/fichier`,
      fichier_nom: 'carte grise é.pdf',
      fichier_type: 'application/pdf',
      fichier_taille: pdfBytes.length,
      user_id: tgId,
      date_expiration: null,
      etat: 'Sans expiration',
    });
    const file = (await storedPath(doc.id))!;
    expect(file.startsWith(path.join(c.t.dataDir, 'uploads', 'documents', String(tgId)))).toBe(true);
    expect(fs.readFileSync(file)).toEqual(pdfBytes);
    const download = await t.get(doc.fichier, tg);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''carte%20grise%20%C3%A9.pdf");
    expect(download.rawPayload).toEqual(pdfBytes);
    failed(await t.get(doc.fichier, og), 404, "Ce document n'existe pas.");
    const plain = data(await t.post('/api/documents', { libelle: 'Vignette', camion_id: camion.id }, tg));
    failed(
      await t.get(`/api/documents/${plain.id}/fichier`, tg),
      404,
      "Ce document n'a pas de fichier joint.",
    );
  });

  it('refuses files of another type, with a lying type, not base64, or over 5 Mo', async () => {
    const { t, tg } = c;
    const base = { libelle: 'Assurance', camion_id: camion.id };
    const cases: Array<[string, string]> = [
      ['data:text/html;base64,PGgxPg==', 'Le fichier doit être un PDF ou une image (JPEG, PNG ou WEBP).'],
      [
        `data:application/pdf;base64,${Buffer.from('<html>').toString('base64')}`,
        'Le contenu du fichier ne correspond pas à son type.',
      ],
      ['data:application/pdf;base64,%%%%', "Le contenu du fichier n'est pas un base64 valide."],
      ['https://exemple.ga/cg.pdf', 'Le fichier doit être une data URL base64 (data:…;base64,…).'],
      [
        `data:application/pdf;base64,${Buffer.concat([pdfBytes, Buffer.alloc(5 * 1024 * 1024)]).toString('base64')}`,
        'Le fichier ne doit pas dépasser 5 Mo.',
      ],
    ];
    const before = data(await t.get('/api/documents?req_count=1', tg));
    for (const [fichier, message] of cases)
      failed(await t.post('/api/documents', { ...base, fichier }, tg), 422, message, 'fichier');
    expect(data(await t.get('/api/documents?req_count=1', tg))).toBe(before);
    const folder = path.join(c.t.dataDir, 'uploads', 'documents', String(c.tgId));
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    const kept = await t.database.db.select({ f: documents.fichier }).from(documents);
    expect(files.length).toBe(kept.filter((k) => k.f).length);
  });

  it('updates fields, replaces or removes the file, and deletes the document with its file', async () => {
    const { t, tg } = c;
    const doc = data(
      await t.post('/api/documents', { libelle: 'Visite technique', camion_id: camion.id, fichier: PDF }, tg),
    );
    expect(doc.fichier_nom).toBe('document.pdf');
    const first = (await storedPath(doc.id))!;
    const updated = await t.post(
      `/api/documents/${doc.id}/update`,
      { date_expiration: '2031-01-15', fichier: PNG, fichier_nom: 'vt.png' },
      tg,
    );
    expect(updated.json().message).toBe('Le document a été modifié.');
    expect(data(updated)).toMatchObject({
      date_expiration: '2031-01-15',
      etat: 'Valide',
      fichier_type: 'image/png',
      fichier_nom: 'vt.png',
    });
    const second = (await storedPath(doc.id))!;
    expect(second).not.toBe(first);
    expect(fs.existsSync(first)).toBe(false);
    expect(fs.existsSync(second)).toBe(true);
    expect(
      data(await t.post(`/api/documents/${doc.id}/update`, { libelle: 'Visite technique 2031' }, tg)),
    ).toMatchObject({
      libelle: 'Visite technique 2031',
      fichier_type: 'image/png',
    });
    const removed = data(await t.post(`/api/documents/${doc.id}/update`, { fichier: null }, tg));
    expect(removed).toMatchObject({ fichier: null, fichier_nom: null, fichier_type: null });
    expect(fs.existsSync(second)).toBe(false);
    failed(
      await t.post(`/api/documents/${doc.id}/update`, { libelle: '' }, tg),
      422,
      'Le libellé est obligatoire.',
      'libelle',
    );
    const withFile = data(
      await t.post('/api/documents', { libelle: 'Patente', camion_id: camion.id, fichier: PDF }, tg),
    );
    const file = (await storedPath(withFile.id))!;
    const del = await t.post(`/api/documents/${withFile.id}/destroy`, {}, tg);
    expect(del.json()).toEqual({
      success: true,
      message: 'Le document « Patente » a été supprimé.',
      data: null,
      errors: [],
    });
    expect(fs.existsSync(file)).toBe(false);
    failed(await t.get(`/api/documents/${withFile.id}`, tg), 404, "Ce document n'existe pas.");
  });

  it('lets a superadmin add a document to any company’s vehicle, in that company', async () => {
    const { t, admin, tgId } = c;
    const doc = data(
      await t.post('/api/documents', { libelle: 'Autorisation de transport', camion_id: camion.id }, admin),
    );
    expect(doc.entreprise_id).toBe(tgId);
    failed(
      await t.post('/api/documents', { libelle: 'X', camion_id: camion.id, entreprise_id: c.ogId }, admin),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
  });
});
