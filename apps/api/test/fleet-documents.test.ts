import fs from 'node:fs';
import path from 'node:path';
import { addDays, MOIS_INVALIDE, todayInGabon } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../src/db/schema';
import { data, expectEvery, type Fixtures, failed, type Json, setupFixtures } from './fixtures';
import { multipart, PDF, uploadFichier } from './helpers';

let ctx: Fixtures;
let camion: { id: number; plaque: string };
beforeAll(async () => {
  ctx = await setupFixtures();
  const type = data(await ctx.t.get('/api/types_vehicules?search=Plateau', ctx.A.token))[0];
  camion = data(
    await ctx.t.post(
      '/api/vehicules',
      { plaque: 'DOC-001', marque: 'Isuzu', type_vehicule_id: type.id },
      ctx.A.token,
    ),
  );
});

const pdfBytes = PDF;
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);

async function storedPath(id: number) {
  const [row] = await ctx.t.database.db.select().from(documents).where(eq(documents.id, id));
  return row?.fichier ? path.join(ctx.t.dataDir, 'uploads', row.fichier) : null;
}

describe('GET /api/documents', () => {
  it('lists the company’s documents with their vehicle plate and state, soonest expiry first', async () => {
    const { t, A } = ctx;
    const list = data(await t.get('/api/documents?limit=500', A.token)) as Array<Json>;
    expect(list.length).toBeGreaterThan(60);
    expectEvery(list, (d) => d.entreprise_id === A.id);
    expect(list[0]).toMatchObject({
      association: 'vehicule',
      camion: { plaque: expect.stringMatching(/^GA-/) },
    });
    const dated = list.filter((d) => d.date_expiration).map((d) => d.date_expiration as string);
    expect(dated).toEqual([...dated].sort());
    expect(list.some((d) => d.etat === 'Expiré')).toBe(true);
    expect(list.some((d) => d.etat === 'Expire bientôt')).toBe(true);
    expect(data(await t.get('/api/documents?req_count=1', A.token))).toBe(list.length);
    expect(data(await t.get('/api/documents?page=1', A.token))).toMatchObject({
      per_page: 6,
      total: list.length,
    });
  });

  it('filters by vehicle, month of expiry (calendar) and expiry date, and searches', async () => {
    const { t, A } = ctx;
    const today = todayInGabon();
    const month = today.slice(0, 7);
    const soon = data(
      await t.post(
        '/api/documents',
        { libelle: 'Assurance', camion_id: camion.id, date_expiration: `${month}-28` },
        A.token,
      ),
    );
    data(
      await t.post(
        '/api/documents',
        { libelle: 'Patente', camion_id: camion.id, date_expiration: addDays(today, 400) },
        A.token,
      ),
    );
    const mine = data(await t.get(`/api/documents?camion_id=${camion.id}`, A.token)) as Array<{
      camion_id: number;
      libelle: string;
    }>;
    expect(mine.map((d) => d.libelle)).toEqual(['Assurance', 'Patente']);
    const inMonth = data(await t.get(`/api/documents?req_period=${month}`, A.token)) as Array<{
      id: number;
      date_expiration: string;
    }>;
    expect(inMonth.some((d) => d.id === soon.id)).toBe(true);
    expectEvery(inMonth, (d) => d.date_expiration.startsWith(month));
    failed(await t.get('/api/documents?req_period=2026-13', A.token), 422, MOIS_INVALIDE);
    const limit = addDays(today, 30);
    const before = data(await t.get(`/api/documents?expire_avant=${limit}`, A.token)) as Array<{
      date_expiration: string;
    }>;
    expect(before.length).toBeGreaterThan(0);
    expectEvery(before, (d) => d.date_expiration <= limit);
    failed(
      await t.get('/api/documents?expire_avant=demain', A.token),
      422,
      "La date expire_avant n'est pas valide (AAAA-MM-JJ).",
    );
    expect(data(await t.get(`/api/documents?search=DOC-001&req_count=1`, A.token))).toBe(2);
    expect(data(await t.get(`/api/documents?camion_id=${camion.id}&search=patente`, A.token))).toHaveLength(
      1,
    );
  });
});

describe('writing documents', () => {
  it('requires a libellé and a vehicle of the company, in French', async () => {
    const { t, A } = ctx;
    const res = await t.post('/api/documents', {}, A.token);
    failed(res, 422, 'Le libellé est obligatoire.', 'libelle');
    failed(res, 422, 'Le véhicule est obligatoire.', 'camion_id');
    failed(
      await t.post('/api/documents', { libelle: 'Assurance', camion_id: 999999 }, A.token),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
    failed(
      await t.post(
        '/api/documents',
        { libelle: 'Assurance', camion_id: camion.id, date_expiration: '2026-02-30' },
        A.token,
      ),
      422,
      "La date d'expiration n'est pas une date valide (AAAA-MM-JJ).",
      'date_expiration',
    );
  });

  it('stores a file uploaded as multipart under DATA_DIR/uploads/documents and serves it to the company only', async () => {
    const { t, A, B } = ctx;
    const created = await t.post('/api/documents', { libelle: 'Carte grise', camion_id: camion.id }, A.token);
    expect(created.json().message).toBe('Le document a été ajouté.');
    expect(data(created)).toMatchObject({ fichier: null, fichier_nom: null });
    const res = await uploadFichier(t, data(created).id, A.token, pdfBytes, 'carte grise é.pdf');
    expect(res.json().message).toBe('Le fichier a été joint au document.');
    const doc = data(res);
    expect(doc).toMatchObject({
      fichier: `/api/documents/${doc.id}/fichier`,
      fichier_nom: 'carte grise é.pdf',
      fichier_type: 'application/pdf',
      fichier_taille: pdfBytes.length,
      user_id: A.id,
      date_expiration: null,
      etat: 'Sans expiration',
    });
    const file = (await storedPath(doc.id))!;
    expect(file.startsWith(path.join(ctx.t.dataDir, 'uploads', 'documents', String(A.id)))).toBe(true);
    expect(fs.readFileSync(file)).toEqual(pdfBytes);
    const download = await t.get(doc.fichier, A.token);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''carte%20grise%20%C3%A9.pdf");
    expect(download.rawPayload).toEqual(pdfBytes);
    failed(await t.get(doc.fichier, B.token), 404, "Ce document n'existe pas.");
    // Another company can neither read nor replace it: the 404 of a missing document, the file unchanged.
    failed(
      await uploadFichier(t, doc.id, B.token, PNG, 'x.png', 'image/png'),
      404,
      "Ce document n'existe pas.",
    );
    expect(fs.readFileSync(file)).toEqual(pdfBytes);
    // A browser that gives no type (application/octet-stream): the content decides.
    const plain = data(
      await t.post('/api/documents', { libelle: 'Vignette', camion_id: camion.id }, A.token),
    );
    failed(
      await t.get(`/api/documents/${plain.id}/fichier`, A.token),
      404,
      "Ce document n'a pas de fichier joint.",
    );
    expect(
      data(await uploadFichier(t, plain.id, A.token, PNG, 'vignette', 'application/octet-stream')),
    ).toMatchObject({ fichier_type: 'image/png', fichier_nom: 'vignette', fichier_taille: PNG.length });
  });

  it('refuses files of another type, with a lying type, empty, over 5 Mo, as JSON or base64, or a broken form', async () => {
    const { t, A } = ctx;
    const doc = data(await t.post('/api/documents', { libelle: 'Assurance', camion_id: camion.id }, A.token));
    const cases: Array<[Buffer, string, string]> = [
      [Buffer.from('<h1>'), 'text/html', 'Le fichier doit être un PDF ou une image (JPEG, PNG ou WEBP).'],
      [Buffer.from('<html>'), 'application/pdf', 'Le contenu du fichier ne correspond pas à son type.'],
      [
        Buffer.from('MZ exécutable'),
        'application/octet-stream',
        'Le fichier doit être un PDF ou une image (JPEG, PNG ou WEBP).',
      ],
      [Buffer.alloc(0), 'application/pdf', 'Le fichier est vide.'],
      [
        Buffer.concat([pdfBytes, Buffer.alloc(5 * 1024 * 1024)]),
        'application/pdf',
        'Le fichier ne doit pas dépasser 5 Mo.',
      ],
    ];
    for (const [bytes, type, message] of cases)
      failed(await uploadFichier(t, doc.id, A.token, bytes, 'assurance.pdf', type), 422, message, 'fichier');
    // A file name with a NUL (found by the fuzz test: it answered 500) is refused on the file field.
    failed(
      await uploadFichier(t, doc.id, A.token, pdfBytes, 'assu\u0000rance.pdf', 'application/pdf'),
      422,
      'Le nom du fichier contient des caractères non autorisés (caractères de contrôle).',
      'fichier',
    );
    // The file as JSON (the former base64 data URL), or no file at all.
    const asJson = 'Envoyez le fichier en multipart/form-data, champ « fichier ».';
    failed(
      await t.post(
        `/api/documents/${doc.id}/fichier`,
        { fichier: `data:application/pdf;base64,${pdfBytes.toString('base64')}` },
        A.token,
      ),
      422,
      asJson,
      'fichier',
    );
    failed(
      await t.post(`/api/documents/${doc.id}/fichier`, {}, A.token),
      422,
      'Le fichier est obligatoire (multipart/form-data, champ « fichier »).',
      'fichier',
    );
    // A text field named « fichier », and a form cut short.
    const text = multipart('autre', 'x.pdf', 'application/pdf', pdfBytes);
    const textPayload = Buffer.from(
      text.payload
        .toString('latin1')
        .replace('name="autre"; filename="x.pdf"\r\nContent-Type: application/pdf', 'name="fichier"'),
      'latin1',
    );
    const post = (payload: Buffer, contentType: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/documents/${doc.id}/fichier`,
        payload,
        headers: { authorization: `Bearer ${A.token}`, 'content-type': contentType },
      });
    failed(await post(textPayload, text.contentType), 422, asJson, 'fichier');
    const unreadable = "Le formulaire envoyé n'a pas pu être lu (multipart/form-data, fichier compris).";
    const file = multipart('fichier', 'x.pdf', 'application/pdf', pdfBytes);
    failed(await post(file.payload.subarray(0, 60), file.contentType), 422, unreadable, 'fichier');
    failed(
      await post(file.payload.subarray(0, file.payload.length - 12), file.contentType),
      422,
      unreadable,
      'fichier',
    );
    failed(await post(file.payload, 'multipart/form-data'), 422, unreadable, 'fichier');
    // The JSON routes take no file any more.
    failed(
      await t.post(
        '/api/documents',
        { libelle: 'X', camion_id: camion.id, fichier: 'data:application/pdf;base64,JVBERi0=' },
        A.token,
      ),
      422,
      'Le fichier se change par son envoi (multipart/form-data) ; null le retire.',
      'fichier',
    );
    // Nothing was stored: the document has no file, and the folder holds only the files of documents.
    expect(data(await t.get(`/api/documents/${doc.id}`, A.token))).toMatchObject({ fichier: null });
    const folder = path.join(ctx.t.dataDir, 'uploads', 'documents', String(ctx.A.id));
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    const kept = await t.database.db.select({ f: documents.fichier }).from(documents);
    expect(files.length).toBe(kept.filter((k) => k.f).length);
  });

  it('updates fields, replaces or removes the file, and deletes the document with its file', async () => {
    const { t, A } = ctx;
    const created = data(
      await t.post('/api/documents', { libelle: 'Visite technique', camion_id: camion.id }, A.token),
    );
    const doc = data(await uploadFichier(t, created.id, A.token, pdfBytes, ''));
    expect(doc.fichier_nom).toBe('document.pdf');
    const first = (await storedPath(doc.id))!;
    const updated = await t.post(
      `/api/documents/${doc.id}/update`,
      { date_expiration: '2031-01-15' },
      A.token,
    );
    expect(updated.json().message).toBe('Le document a été modifié.');
    const replaced = await uploadFichier(t, doc.id, A.token, PNG, 'vt.png', 'image/png');
    expect(data(replaced)).toMatchObject({
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
      data(
        await t.post(
          `/api/documents/${doc.id}/update`,
          { libelle: 'Visite technique 2031', fichier_nom: 'vt-2031.png' },
          A.token,
        ),
      ),
    ).toMatchObject({
      libelle: 'Visite technique 2031',
      fichier_type: 'image/png',
      fichier_nom: 'vt-2031.png',
    });
    const removed = data(await t.post(`/api/documents/${doc.id}/update`, { fichier: null }, A.token));
    expect(removed).toMatchObject({ fichier: null, fichier_nom: null, fichier_type: null });
    expect(fs.existsSync(second)).toBe(false);
    failed(
      await t.post(`/api/documents/${doc.id}/update`, { libelle: '' }, A.token),
      422,
      'Le libellé est obligatoire.',
      'libelle',
    );
    const patente = data(
      await t.post('/api/documents', { libelle: 'Patente', camion_id: camion.id }, A.token),
    );
    const withFile = data(await uploadFichier(t, patente.id, A.token));
    const file = (await storedPath(withFile.id))!;
    const del = await t.post(`/api/documents/${withFile.id}/destroy`, {}, A.token);
    expect(del.json()).toEqual({
      success: true,
      message: 'Le document « Patente » a été supprimé.',
      data: null,
      errors: [],
    });
    expect(fs.existsSync(file)).toBe(false);
    failed(await t.get(`/api/documents/${withFile.id}`, A.token), 404, "Ce document n'existe pas.");
  });

  it('lets a superadmin add a document to any company’s vehicle, in that company', async () => {
    const { t, admin, A } = ctx;
    const doc = data(
      await t.post('/api/documents', { libelle: 'Autorisation de transport', camion_id: camion.id }, admin),
    );
    expect(doc.entreprise_id).toBe(A.id);
    failed(
      await t.post('/api/documents', { libelle: 'X', camion_id: camion.id, entreprise_id: ctx.B.id }, admin),
      422,
      "Ce véhicule n'existe pas.",
      'camion_id',
    );
  });
});
