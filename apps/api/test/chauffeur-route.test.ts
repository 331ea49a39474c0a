import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Fixtures, failed, type Json, setupFixtures } from './fixtures';
import { type FilePart, formData } from './helpers';

// The driver's road log: steps with the phone's time and position, proof of delivery, fuel,
// expenses, incidents; every write replayable (Idempotency-Key and id_client); the office reads it all.

let f: Fixtures;
let driver: { id: number; token: string };
let other: { id: number; token: string };
beforeAll(async () => {
  f = await setupFixtures();
  driver = await f.chauffeur(f.A, 0);
  other = await f.chauffeur(f.B, 0);
}, 180_000);

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const png = (name = 'photo.png'): FilePart => ({ name, type: 'image/png', bytes: PNG });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const send = (url: string, token: string, fields: Parameters<typeof formData>[0], key?: string) => {
  const form = formData(fields);
  return f.t.app.inject({
    method: 'POST',
    url,
    payload: form.payload,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': form.contentType,
      ...(key ? { 'idempotency-key': key } : {}),
    },
  });
};
const etape = (
  courseId: number,
  statut: string,
  extra: Record<string, unknown> = {},
  token = driver.token,
) => {
  const id_client = (extra.id_client as string) ?? randomUUID();
  return f.t.post(
    `/api/chauffeur/courses/${courseId}/etapes`,
    { id_client, statut, date: ago(30), lat: 0.39, lng: 9.45, precision_m: 12, ...extra },
    token,
    { 'idempotency-key': id_client },
  );
};
const myCourse = () => f.course(f.A, { chauffeur_id: driver.id, date_chargement: ago(60) });

describe('steps', () => {
  it('move the course with the phone’s time, keep the position; a replay changes nothing', async () => {
    const c = await myCourse();
    const when = ago(45);
    const id_client = randomUUID();
    const first = await etape(c.id, 'Chargement terminé', { id_client, date: when });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({
      appliquee: true,
      lat: 0.39,
      lng: 9.45,
      statut_precedent: 'Chargement en attente',
    });
    const stored = await f.storedCourse(c.id);
    expect(stored!.statut).toBe('Chargement terminé');
    expect(Date.parse(stored!.date_chargement_reelle!)).toBe(Date.parse(when));
    // The same send again (after the Idempotency-Key's day, only id_client is left): the same answer, one step.
    const replay = await f.t.post(
      `/api/chauffeur/courses/${c.id}/etapes`,
      { id_client, statut: 'Chargement terminé', date: when },
      driver.token,
    );
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json().data.id).toBe(first.json().data.id);
    const log = (await f.t.get(`/api/courses/${c.id}/route`, f.A.token)).json().data;
    expect(log.etapes.map((e: Json) => e.statut)).toEqual(['Chargement terminé']);
  });

  it('sent out of order after an offline day: the later step moves the course, the earlier one fills its time', async () => {
    const c = await myCourse();
    expect((await etape(c.id, 'Transport en cours', { date: ago(20) })).statusCode).toBe(200);
    const late = await etape(c.id, 'Chargement terminé', { date: ago(40) });
    expect(late.statusCode, late.body).toBe(200);
    expect(late.json().data.appliquee).toBe(false);
    const stored = await f.storedCourse(c.id);
    expect(stored!.statut).toBe('Transport en cours');
    expect(stored!.date_chargement_reelle).not.toBeNull();
  });

  it('a course cancelled by the office meanwhile: a plain French conflict, nothing recorded', async () => {
    const c = await myCourse();
    await f.moveCourse(f.A, c.id, 'Annulé');
    const res = await etape(c.id, 'Chargement terminé');
    failed(
      res,
      409,
      `La course ${(await f.storedCourse(c.id))!.code} a été annulée par le bureau : l'étape « Chargement terminé » n'a pas été enregistrée.`,
    );
    const log = (await f.t.get(`/api/courses/${c.id}/route`, f.A.token)).json().data;
    expect(log.etapes).toEqual([]);
  });

  it('a breakdown needs a note; another company’s driver never reaches the course', async () => {
    const c = await myCourse();
    await etape(c.id, 'Chargement terminé');
    failed(
      await etape(c.id, 'Problemes mécaniques'),
      422,
      'Décrivez le problème mécanique dans la note.',
      'note',
    );
    expect((await etape(c.id, 'Problemes mécaniques', { note: 'Fuite de gasoil' })).statusCode).toBe(200);
    failed(
      await etape(c.id, 'Transport en cours', {}, other.token),
      404,
      "Cette course n'existe pas ou ne vous est pas confiée.",
    );
    expect((await f.storedCourse(c.id))!.statut).toBe('Problemes mécaniques');
  });
});

describe('proof of delivery', () => {
  it('receiver, signature and photos; the office sees them and reads the photos, a replay adds nothing', async () => {
    const c = await myCourse();
    await etape(c.id, 'Chargement terminé');
    await etape(c.id, 'Transport en cours');
    const id_client = randomUUID();
    const fields = {
      id_client,
      receptionnaire: 'Sylvie Moussavou',
      date: ago(5),
      lat: '-1.63',
      lng: '13.58',
      signature: png('signature.png'),
      photos: [png('a.png'), png('b.png')],
    };
    const res = await send(`/api/chauffeur/courses/${c.id}/livraison`, driver.token, fields, id_client);
    expect(res.statusCode, res.body).toBe(200);
    const pod = res.json().data;
    expect(pod).toMatchObject({ receptionnaire: 'Sylvie Moussavou', lat: -1.63 });
    expect(pod.photo_ids).toHaveLength(2);
    const again = await send(`/api/chauffeur/courses/${c.id}/livraison`, driver.token, fields);
    expect(again.json().data.id).toBe(pod.id);
    const log = (await f.t.get(`/api/courses/${c.id}/route`, f.A.token)).json().data;
    expect(log.livraison.id).toBe(pod.id);
    const photo = await f.t.get(`/api/photos-chauffeur/${pod.signature_id}`, f.A.token);
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.rawPayload.equals(PNG)).toBe(true);
    // Never public, never another company's.
    expect((await f.t.get(`/api/photos-chauffeur/${pod.signature_id}`)).statusCode).toBe(401);
    expect((await f.t.get(`/api/photos-chauffeur/${pod.signature_id}`, f.B.token)).statusCode).toBe(404);
  });

  it('refuses a photo that is not an image or too large, and a missing signature, in French', async () => {
    const c = await myCourse();
    const base = { id_client: randomUUID(), receptionnaire: 'Jean', date: ago(5) };
    failed(
      await send(`/api/chauffeur/courses/${c.id}/livraison`, driver.token, {
        ...base,
        signature: png(),
        photos: [{ name: 'x.png', type: 'image/png', bytes: Buffer.from('%PDF-1.4 pas une image') }],
      }),
      422,
      'Le contenu du fichier ne correspond pas à son type.',
      'photos',
    );
    failed(
      await send(`/api/chauffeur/courses/${c.id}/livraison`, driver.token, {
        ...base,
        signature: png(),
        photos: [{ name: 'big.jpg', type: 'image/jpeg', bytes: Buffer.alloc(400 * 1024, 0xff) }],
      }),
      422,
      'La photo ne doit pas dépasser 300 Ko.',
      'photos',
    );
    failed(
      await send(`/api/chauffeur/courses/${c.id}/livraison`, driver.token, base),
      422,
      'La signature du réceptionnaire est obligatoire.',
      'signature',
    );
    expect((await f.t.get(`/api/courses/${c.id}/route`, f.A.token)).json().data.livraison).toBeNull();
  });
});

describe('fuel, road expenses, incidents', () => {
  it('are recorded on the course and its vehicle, replayed once, and the office sees them; an incident notifies', async () => {
    const c = await myCourse();
    const plein = {
      id_client: randomUUID(),
      course_id: String(c.id),
      date: ago(10),
      litres: '85,5',
      montant: '66500',
      station: 'Total Owendo',
      kilometrage: '182300',
      plein: 'true',
      photo: png('recu.png'),
    };
    const fuel = await send('/api/chauffeur/carburant', driver.token, plein, plein.id_client);
    expect(fuel.statusCode, fuel.body).toBe(200);
    expect(fuel.json().data).toMatchObject({
      genre: 'carburant',
      type: 'Plein',
      litres: 85.5,
      montant: 66_500,
    });
    expect(
      (await send('/api/chauffeur/carburant', driver.token, plein, plein.id_client)).headers[
        'idempotent-replayed'
      ],
    ).toBe('true');
    const frais = {
      id_client: randomUUID(),
      course_id: String(c.id),
      date: ago(8),
      type: 'Péage',
      montant: '5000',
    };
    expect((await send('/api/chauffeur/frais', driver.token, frais)).statusCode).toBe(200);
    expect((await send('/api/chauffeur/frais', driver.token, frais)).statusCode).toBe(200);
    failed(
      await send('/api/chauffeur/frais', driver.token, {
        ...frais,
        id_client: randomUUID(),
        type: 'Pot-de-vin',
      }),
      422,
      "Le type de frais n'est pas valide.",
      'type',
    );
    failed(
      await send('/api/chauffeur/frais', other.token, { ...frais, id_client: randomUUID() }),
      404,
      "Cette course n'existe pas ou ne vous est pas confiée.",
    );
    const incident = {
      id_client: randomUUID(),
      course_id: String(c.id),
      date: ago(2),
      type: 'Panne',
      note: 'Crevaison près de Ndjolé',
      lat: '-0.18',
      lng: '10.76',
    };
    expect((await send('/api/chauffeur/incidents', driver.token, incident)).statusCode).toBe(200);
    const log = (await f.t.get(`/api/courses/${c.id}/route`, f.A.token)).json().data;
    expect(log.releves.map((r: Json) => [r.genre, r.type, r.montant])).toEqual([
      ['carburant', 'Plein', 66_500],
      ['frais', 'Péage', 5_000],
      ['incident', 'Panne', null],
    ]);
    const bell = (await f.t.get('/api/notifications?limit=5', f.A.token)).json().data;
    const list = (Array.isArray(bell) ? bell : bell.data) as Json[];
    expect(list.map((n) => n.titre)).toContain(`Incident (Panne) : ${log.releves[0].vehicule.plaque}`);
  });
});
