import { randomUUID } from 'node:crypto';
import { CODE_LIVRAISON_ESSAIS_MAX, LIVRAISON_MSG } from '@yams/shared';
import { eq } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { beforeAll, describe, expect, it } from 'vitest';
import { incidentsRoute, livraisons } from '../src/db/schema';
import { data, type Fixtures, failed, type Json, setupFixtures } from './fixtures';
import { type FilePart, formData } from './helpers';

// The office's side of the road log: the delivery code a course asks for (checked on the proof of delivery),
// « Livré à … » on the public tracking page, the printable course sheet, incidents handled by the office.

let f: Fixtures;
let driver: { id: number; token: string; nom: string };
beforeAll(async () => {
  f = await setupFixtures();
  driver = await f.chauffeur(f.A, 0);
}, 180_000);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name: string): FilePart => ({ name, type: 'image/png', bytes: PNG });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const send = (url: string, token: string, fields: Parameters<typeof formData>[0]) => {
  const form = formData(fields);
  return f.t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: { authorization: `Bearer ${token}`, 'content-type': form.contentType },
  });
};
async function myCourse(): Promise<{ id: number; code: string }> {
  const { id } = await f.course(f.A, { chauffeur_id: driver.id, date_chargement: ago(120) });
  return { id, code: data(await f.t.get(`/api/courses/${id}`, f.A.token)).code };
}
const etape = (courseId: number, statut: string) =>
  f.t.post(
    `/api/chauffeur/courses/${courseId}/etapes`,
    { id_client: randomUUID(), statut, date: ago(60), lat: 0.39, lng: 9.45 },
    driver.token,
  );
const livrer = (courseId: number, extra: Record<string, string> = {}) =>
  send(`/api/chauffeur/courses/${courseId}/livraison`, driver.token, {
    id_client: randomUUID(),
    receptionnaire: 'Sylvie Moussavou',
    date: ago(10),
    lat: '-1.63',
    lng: '13.58',
    signature: png('signature.png'),
    photos: [png('a.png')],
    ...extra,
  });
const exiger = (courseId: number, exige: boolean, token = f.A.token) =>
  f.t.post(`/api/courses/${courseId}/code-livraison`, { exige }, token);
const livraisonsOf = (courseId: number) =>
  f.db.select().from(livraisons).where(eq(livraisons.course_id, courseId));

describe('delivery code', () => {
  it('asked by the office, never sent to the phone; a missing or wrong code is a French 422, the right one delivers', async () => {
    const c = await myCourse();
    const { code_livraison: code } = data(await exiger(c.id, true));
    expect(code).toMatch(/^\d{6}$/);
    // Asked again: the same code (the client already has it).
    expect(data(await exiger(c.id, true)).code_livraison).toBe(code);
    expect(data(await f.t.get(`/api/courses/${c.id}`, f.A.token)).code_livraison).toBe(code);
    // The driver's app knows a code is asked, never the code.
    const mine = (await f.t.get('/api/chauffeur/courses', driver.token)).json().data as Json[];
    const seen = mine.find((x) => x.id === c.id);
    expect(seen).toMatchObject({ code_livraison_requis: true });
    expect(JSON.stringify(seen)).not.toContain(code);
    const detail = await f.t.get(`/api/chauffeur/courses/${c.id}`, driver.token);
    expect(detail.body).not.toContain(code);

    failed(await livrer(c.id), 422, LIVRAISON_MSG.codeObligatoire, 'code');
    const wrong = code === '000000' ? '111111' : '000000';
    failed(await livrer(c.id, { code: wrong }), 422, LIVRAISON_MSG.codeFaux, 'code');
    expect(await livraisonsOf(c.id)).toEqual([]);

    // Typed with a space, as read over the phone.
    const ok = await livrer(c.id, { code: `${code.slice(0, 3)} ${code.slice(3)}` });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ receptionnaire: 'Sylvie Moussavou', code_verifie: true });
    const stored = await livraisonsOf(c.id);
    expect(stored.map((l) => l.code_verifie)).toEqual([true]);
    // Delivered: the code can no longer change.
    failed(
      await exiger(c.id, false),
      422,
      `La livraison de la course ${c.code} est déjà enregistrée : son code ne peut plus changer.`,
      'exige',
    );
  });

  it('after five wrong codes even the right one is refused, until the office asks for the code again', async () => {
    const c = await myCourse();
    const { code_livraison: code } = data(await exiger(c.id, true));
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < CODE_LIVRAISON_ESSAIS_MAX; i++) {
      failed(await livrer(c.id, { code: wrong }), 422, LIVRAISON_MSG.codeFaux, 'code');
    }
    failed(await livrer(c.id, { code }), 422, LIVRAISON_MSG.codeBloque, 'code');
    expect(await livraisonsOf(c.id)).toEqual([]);
    // The office checked with the client: the same code, the tries given back.
    expect(data(await exiger(c.id, true)).code_livraison).toBe(code);
    const ok = await livrer(c.id, { code });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.code_verifie).toBe(true);
  });

  it('not asked: a delivery without a code goes through, unchecked; the office may stop asking', async () => {
    const c = await myCourse();
    data(await exiger(c.id, true));
    expect(data(await exiger(c.id, false)).code_livraison).toBeNull();
    expect(data(await f.t.get(`/api/courses/${c.id}`, f.A.token)).code_livraison).toBeNull();
    const res = await livrer(c.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.code_verifie).toBe(false);
  });

  it('another company never reaches it; a bad body is a French 422; a driver token is refused', async () => {
    const c = await myCourse();
    expect((await exiger(c.id, true, f.B.token)).statusCode).toBe(404);
    expect(data(await f.t.get(`/api/courses/${c.id}`, f.A.token)).code_livraison).toBeNull();
    failed(
      await f.t.post(`/api/courses/${c.id}/code-livraison`, { exige: 'oui' }, f.A.token),
      422,
      'Indiquez si le code de livraison est exigé (true ou false).',
      'exige',
    );
    expect((await exiger(c.id, true, driver.token)).statusCode).toBe(403);
  });
});

describe('public tracking page once delivered', () => {
  it('shows the code before, then « Livré à » with the time, still after the course ends, without the vehicle', async () => {
    const c = await myCourse();
    const { code_livraison: code } = data(await exiger(c.id, true));
    const lien = data(await f.t.post(`/api/courses/${c.id}/suivi`, undefined, f.A.token));
    const before = data(await f.t.get(`/api/suivi/${lien.token}`));
    expect(before).toMatchObject({ code_livraison: code, livraison: null });
    await etape(c.id, 'Chargement terminé');
    await etape(c.id, 'Transport en cours');
    const when = ago(10);
    const pod = await livrer(c.id, { code, date: when });
    expect(pod.statusCode, pod.body).toBe(200);
    const after = data(await f.t.get(`/api/suivi/${lien.token}`));
    expect(after.code_livraison).toBeNull();
    expect(after.livraison).toEqual({ receptionnaire: 'Sylvie Moussavou', date: expect.any(String) });
    expect(Date.parse(after.livraison.date)).toBe(Date.parse(when));
    // No photo, no signature, no note on the public page.
    expect(JSON.stringify(after)).not.toMatch(/signature|photo/);
    // The course ends: the link still shows the delivery, no longer where the truck is.
    data(await f.t.post(`/api/courses/${c.id}/statut`, { statut: 'Terminé' }, f.A.token));
    const done = data(await f.t.get(`/api/suivi/${lien.token}`));
    expect(done).toMatchObject({ statut: 'Terminé', position: null, trace: [] });
    expect(done.livraison.receptionnaire).toBe('Sylvie Moussavou');
  });
});

async function pdfText(bytes: Buffer) {
  const parser = new PDFParse({ data: new Uint8Array(bytes) });
  const { text } = await parser.getText();
  await parser.destroy();
  return text.replace(/\s+/g, ' ');
}

describe('course sheet (PDF)', () => {
  it('prints the course, steps with time and place, the delivery, fuel and expenses; 404 for another company', async () => {
    const c = await myCourse();
    await etape(c.id, 'Chargement terminé');
    await etape(c.id, 'Transport en cours');
    const fuel = await send('/api/chauffeur/carburant', driver.token, {
      id_client: randomUUID(),
      course_id: String(c.id),
      date: ago(50),
      litres: '80,5',
      montant: '62000',
      station: 'Total Ndjolé',
      photo: png('recu.png'),
    });
    expect(fuel.statusCode, fuel.body).toBe(200);
    const frais = await send('/api/chauffeur/frais', driver.token, {
      id_client: randomUUID(),
      course_id: String(c.id),
      date: ago(40),
      type: 'Péage',
      montant: '5000',
      note: 'Péage de Bifoun',
    });
    expect(frais.statusCode, frais.body).toBe(200);
    expect((await livrer(c.id)).statusCode).toBe(200);

    const res = await f.t.get(`/api/courses/${c.id}/fiche`, f.A.token);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = await pdfText(res.rawPayload);
    for (const part of [
      'FICHE DE COURSE',
      c.code,
      'Étapes du chauffeur',
      'Chargement terminé',
      'Transport en cours',
      '0.39000, 9.45000',
      'Preuve de livraison',
      'Sylvie Moussavou',
      'Signature du réceptionnaire',
      'Total Ndjolé',
      '80,5 L',
      '62.000 FCFA',
      'Péage de Bifoun',
      '5.000 FCFA',
      '67.000 FCFA',
    ]) {
      expect(text, part).toContain(part);
    }

    expect((await f.t.get(`/api/courses/${c.id}/fiche`, f.B.token)).statusCode).toBe(404);
    expect((await f.t.get(`/api/courses/${c.id}/fiche`, driver.token)).statusCode).toBe(403);
    expect((await f.t.get(`/api/courses/${c.id}/fiche`)).statusCode).toBe(401);
  });
});

describe('incidents handled by the office', () => {
  it('pending on the Chauffeurs view until handled once; the driver reads the handling; B never reaches it', async () => {
    const c = await myCourse();
    const sent = await send('/api/chauffeur/incidents', driver.token, {
      id_client: randomUUID(),
      course_id: String(c.id),
      date: ago(15),
      type: 'Panne',
      note: 'Pneu crevé après Ndjolé.',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const id = sent.json().data.id as number;
    const pending = async () =>
      (data(await f.t.get('/api/chauffeurs/activite', f.A.token)) as Json[])
        .find((d) => d.id === driver.id)!
        .incidents.map((i: Json) => i.id);
    expect(await pending()).toContain(id);

    failed(
      await f.t.post(`/api/incidents-route/${id}/traiter`, { note: '' }, f.A.token),
      422,
      'La note de traitement est obligatoire.',
      'note',
    );
    expect((await f.t.post(`/api/incidents-route/${id}/traiter`, { note: 'Vu' }, f.B.token)).statusCode).toBe(
      404,
    );
    expect(
      (await f.t.post(`/api/incidents-route/${id}/traiter`, { note: 'Vu' }, driver.token)).statusCode,
    ).toBe(403);

    const handled = data(
      await f.t.post(
        `/api/incidents-route/${id}/traiter`,
        { note: 'Dépanneuse envoyée de Lambaréné.' },
        f.A.token,
      ),
    );
    expect(handled).toMatchObject({
      id,
      genre: 'incident',
      traitement: {
        note: 'Dépanneuse envoyée de Lambaréné.',
        par: expect.any(String),
        le: expect.any(String),
      },
    });
    expect(handled.traitement.par.length).toBeGreaterThan(0);
    const [row] = await f.db.select().from(incidentsRoute).where(eq(incidentsRoute.id, id));
    expect(row).toMatchObject({ traitement: 'Dépanneuse envoyée de Lambaréné.', traite_par: f.A.id });
    expect(row!.traite_le).not.toBeNull();

    // Once: a second handling names the first.
    const again = await f.t.post(`/api/incidents-route/${id}/traiter`, { note: 'Encore' }, f.A.token);
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().errors[0]).toMatch(
      /^Cet incident a déjà été traité par .+ le \d\d\/\d\d\/\d{4} \d\d:\d\d\.$/,
    );
    const [kept] = await f.db.select().from(incidentsRoute).where(eq(incidentsRoute.id, id));
    expect(kept!.traitement).toBe('Dépanneuse envoyée de Lambaréné.');

    // Gone from the pending ones; the driver sees it handled; the road log too.
    expect(await pending()).not.toContain(id);
    const mine = (await f.t.get('/api/chauffeur/courses', driver.token)).json().data as Json[];
    expect(mine.find((x) => x.id === c.id)!.incidents).toEqual([
      expect.objectContaining({
        id,
        type: 'Panne',
        traitement: expect.objectContaining({ note: 'Dépanneuse envoyée de Lambaréné.' }),
      }),
    ]);
    const log = data(await f.t.get(`/api/courses/${c.id}/route`, f.A.token));
    expect(log.releves.find((r: Json) => r.id === id && r.genre === 'incident').traitement.note).toBe(
      'Dépanneuse envoyée de Lambaréné.',
    );
  });
});
