import { addDays, isNotificationOptIn, NOTIFICATION_TYPE_KEYS, todayInGabon } from '@yams/shared';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { jobRuns, notifications } from '../src/db/schema';
import { runDailyNotifications } from '../src/modules/notifications/daily';
import { type Company, expectFailure, type Fixtures, inDays, setupFixtures } from './fixtures';
import { listen, openTab, waitFor } from './realtime-support';

let ctx: Fixtures;
/** A colleague of TransGabon's director, who hears of the director's actions. */
let collegue: Company;

beforeAll(async () => {
  ctx = await setupFixtures();
  collegue = await ctx.collegue(ctx.A, 'exploitation@transgabon.ga');
});

type N = {
  id: number;
  type: string;
  titre: string;
  contenu?: string | null;
  lien: string | null;
  read_at: string | null;
};
const inbox = async (c: Company | string, query = '') =>
  (await ctx.t.get(`/api/notifications${query}`, typeof c === 'string' ? c : c.token)).json().data as N[];
const unread = async (c: Company) =>
  (await ctx.t.get('/api/notifications?read_at=null&req_count=1', c.token)).json().data as number;
const ofType = async (c: Company, type: string) => (await inbox(c)).filter((n) => n.type === type);

describe('notifications created by events, in their transaction', () => {
  it('a course changing state tells the company’s other users, once, with a link to it', async () => {
    const client = (await ctx.client(ctx.A)).id;
    const v = (await ctx.vehicule(ctx.A)).id;
    const course = await ctx.postCourse(ctx.A, client, v);
    const before = await unread(collegue);
    await ctx.moveCourse(ctx.A, course.id, 'Chargement terminé');

    expect(await unread(collegue)).toBe(before + 1);
    const [n] = (await ofType(collegue, 'course_statut')).filter(
      (x) => x.lien === `/operations/courses?id=${course.id}`,
    );
    expect(n!.titre).toBe(`Course ${course.code} : Chargement terminé`);
    expect(n!.read_at).toBeNull();
    // Not the author, not another company.
    expect((await ofType(ctx.A, 'course_statut')).some((x) => x.lien === n!.lien)).toBe(false);
    expect((await ofType(ctx.B, 'course_statut')).some((x) => x.lien === n!.lien)).toBe(false);

    // A refused move changes nothing and tells nobody.
    const refused = await ctx.t.post(`/api/courses/${course.id}/statut`, { statut: 'Terminé' }, ctx.A.token);
    expect(refused.statusCode).toBe(422);
    expect(await unread(collegue)).toBe(before + 1);
  });

  it('a payment received (validated) tells the company, once', async () => {
    const client = (await ctx.client(ctx.A)).id;
    const course = await ctx.postCourse(ctx.A, client, (await ctx.vehicule(ctx.A)).id);
    const res = await ctx.t.post(
      '/api/paiements',
      {
        course_id: course.id,
        libelle: 'Acompte',
        mode: 'Airtel Money',
        montant: 40_000,
        date_operation: '2026-03-15',
      },
      ctx.A.token,
    );
    const paiementId = res.json().data.id ?? res.json().data;
    const lien = `/operations/paiements?id=${paiementId}`;
    // Recorded 'En attente': nothing received yet.
    expect((await ofType(collegue, 'paiement_recu')).filter((n) => n.lien === lien)).toHaveLength(0);
    expect((await ctx.t.post(`/api/paiements/${paiementId}/validate`, {}, ctx.A.token)).statusCode).toBe(200);
    const got = (await ofType(collegue, 'paiement_recu')).filter((n) => n.lien === lien);
    expect(got).toHaveLength(1);
    expect(got[0]!.titre).toBe('Paiement reçu : 40.000 FCFA');
  });

  it('a demande broadcast tells every other transporteur company, not its own', async () => {
    const client = (await ctx.client(ctx.B)).id;
    const created = await ctx.t.post(
      '/api/demandes',
      {
        client_id: client,
        type_course: 'Transport de marchandises',
        ville_depart_id: ctx.villes.pog,
        ville_arrivee_id: ctx.villes.lbv,
        adresse_chargement: 'Port-Môle',
        date_souhaitee: inDays(12),
        poids_kg: 8_000,
        budget: 400_000,
      },
      ctx.B.token,
    );
    const id = created.json().data.id as number;
    const lien = `/operations/demandes?id=${id}`;
    expect((await ctx.t.post(`/api/demandes/${id}/broadcast`, {}, ctx.B.token)).statusCode).toBe(200);
    for (const c of [ctx.A, collegue]) {
      const got = (await ofType(c, 'demande_diffusee')).filter((n) => n.lien === lien);
      expect(got).toHaveLength(1);
      expect(got[0]!.titre).toBe(`Nouvelle demande n°${id} diffusée`);
    }
    expect((await ofType(ctx.B, 'demande_diffusee')).filter((n) => n.lien === lien)).toHaveLength(0);
  });

  it('respects the kinds a user turned off in Mon compte', async () => {
    const prefs = (await ctx.t.get('/api/notifications/preferences', collegue.token)).json().data;
    expect(prefs.types.every((t: { actif: boolean }) => t.actif)).toBe(true);
    // The GPS alerts are chosen apart (`alertes`: none by default).
    expect(prefs.types.map((t: { type: string }) => t.type)).toEqual(
      NOTIFICATION_TYPE_KEYS.filter((t) => !isNotificationOptIn(t)),
    );
    const saved = await ctx.t.post(
      '/api/notifications/preferences',
      { desactivees: ['course_statut'] },
      collegue.token,
    );
    expect(saved.json().data.types.find((t: { type: string }) => t.type === 'course_statut').actif).toBe(
      false,
    );
    expectFailure(
      await ctx.t.post('/api/notifications/preferences', { desactivees: ['nimporte'] }, collegue.token),
      422,
    );

    const course = await ctx.postCourse(ctx.A, (await ctx.client(ctx.A)).id, (await ctx.vehicule(ctx.A)).id);
    await ctx.moveCourse(ctx.A, course.id, 'Chargement terminé');
    const lien = `/operations/courses?id=${course.id}`;
    expect((await ofType(collegue, 'course_statut')).filter((n) => n.lien === lien)).toHaveLength(0);
    await ctx.t.post('/api/notifications/preferences', { desactivees: [] }, collegue.token);
  });

  it('marks one, then all, as read; another user’s notification is not found', async () => {
    const all = await inbox(collegue, '?read_at=null');
    expect(all.length).toBeGreaterThan(1);
    // Newest first.
    const ids = all.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const first = all[0]!;
    expectFailure(
      await ctx.t.post(`/api/notifications/${first.id}/read`, {}, ctx.B.token),
      404,
      'Cette notification n’existe pas.',
    );
    expect((await ctx.t.post(`/api/notifications/${first.id}/read`, {}, collegue.token)).statusCode).toBe(
      200,
    );
    expect(await unread(collegue)).toBe(all.length - 1);
    const res = await ctx.t.post('/api/notifications/read-all', {}, collegue.token);
    expect(res.json().data).toBe(all.length - 1);
    expect(await unread(collegue)).toBe(0);
  });

  it('reaches the user’s open tab live, after the commit', async () => {
    const base = await listen(ctx.t.app);
    const tab = await openTab(base, collegue.token, ctx.t.app);
    const heard = waitFor<{ type: string; lien: string }>(tab, 'notification:new');
    const course = await ctx.postCourse(ctx.A, (await ctx.client(ctx.A)).id, (await ctx.vehicule(ctx.A)).id);
    await ctx.moveCourse(ctx.A, course.id, 'Chargement terminé');
    const pushed = await heard;
    expect(pushed.type).toBe('course_statut');
    expect(pushed.lien).toBe(`/operations/courses?id=${course.id}`);
    tab.close();
  });
});

describe('the daily job', () => {
  it('runs once across two processes: documents to renew and overdue interventions, each once', async () => {
    const today = todayInGabon();
    // A day of its own, so the demo data's documents do not interfere.
    const day = addDays(today, 400);
    const v = (await ctx.vehicule(ctx.A)).id;
    const docs: { id: number }[] = [];
    for (const j of [30, 7, 0, 12, 45]) {
      docs.push(
        await ctx.document(ctx.A, v, { libelle: `Assurance J-${j}`, date_expiration: addDays(day, j) }),
      );
    }
    // A draft whose end has passed on the job's day.
    const late = await ctx.intervention(ctx.A, v, {
      date_debut: addDays(day, -5),
      date_fin: addDays(day, -1),
    });

    // A second API process on the same database runs the job at the same moment.
    const config = {
      ...loadConfig({ DATA_DIR: ctx.t.dataDir, APP_URL: 'http://yams.test' }),
      webDist: undefined,
    };
    const second: FastifyInstance = await buildApp({ config, database: ctx.t.database, logger: false });
    const runs = await Promise.all([
      runDailyNotifications(ctx.t.app.db, day),
      runDailyNotifications(second.db, day),
    ]);
    await second.close();
    expect(runs.filter(Boolean)).toHaveLength(1);
    expect(await runDailyNotifications(ctx.t.app.db, day)).toBe(false);
    const claimed = await ctx.t.database.db.select().from(jobRuns).where(eq(jobRuns.jour, day));
    expect(claimed).toHaveLength(1);

    const ofVehicle = (notes: N[]) =>
      notes.filter((n) =>
        docs.slice(0, 4).some((d) => n.lien === `/parc-auto/documents-a-renouveler?id=${d.id}`),
      );
    const docNotes = ofVehicle(await ofType(collegue, 'document_expiration'));
    // Every document within 30 days, not only those on the exact day; not the one in 45 days.
    expect(docNotes).toHaveLength(4);
    expect(
      (await ofType(collegue, 'document_expiration')).some(
        (n) => n.lien === `/parc-auto/documents-a-renouveler?id=${docs[4]!.id}`,
      ),
    ).toBe(false);
    // The company account too (no author for a job), and nobody of another company.
    expect(ofVehicle(await ofType(ctx.A, 'document_expiration'))).toHaveLength(4);
    expect(ofVehicle(await ofType(ctx.B, 'document_expiration'))).toHaveLength(0);
    const retard = (await ofType(collegue, 'intervention_retard')).filter(
      (n) => n.lien === `/parc-auto/interventions?id=${late.id}`,
    );
    expect(retard).toHaveLength(1);

    // A retry of the same day (the row removed by hand) announces nothing twice.
    await ctx.t.database.db.delete(jobRuns).where(eq(jobRuns.jour, day));
    expect(await runDailyNotifications(ctx.t.app.db, day)).toBe(true);
    const again = await ctx.t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.user_id, collegue.id),
          inArray(notifications.type, ['document_expiration', 'intervention_retard']),
          inArray(notifications.lien, [
            ...docs.map((d) => `/parc-auto/documents-a-renouveler?id=${d.id}`),
            `/parc-auto/interventions?id=${late.id}`,
          ]),
        ),
      );
    expect(again).toHaveLength(5);
  });
});

// Issue 24 §4: a document expired or expiring is recalled every day while it is to renew (not only on the day
// it crosses 30/7/0 days), once a day per document and user, respecting the preference; and listed.
describe('documents à renouveler', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reminds each day while a document is expired or within 30 days, once a day, and lists them with filters', async () => {
    // A fake clock: the job and the list read « today » from it (Libreville, 08:00).
    const jour = addDays(todayInGabon(), 5);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(`${jour}T08:00:00+01:00`) });
    const v = await ctx.vehicule(ctx.A);
    const expire = await ctx.document(ctx.A, v.id, {
      libelle: 'Carte grise',
      date_expiration: addDays(jour, -3),
    });
    const bientot = await ctx.document(ctx.A, v.id, {
      libelle: 'Assurance',
      date_expiration: addDays(jour, 12),
    });
    const tard = await ctx.document(ctx.A, v.id, {
      libelle: 'Visite technique',
      date_expiration: addDays(jour, 60),
    });
    // An old sticker replaced by a new one: nothing to renew.
    const ancienne = await ctx.document(ctx.A, v.id, {
      libelle: 'Vignette',
      date_expiration: addDays(jour, -40),
    });
    await ctx.document(ctx.A, v.id, { libelle: 'vignette ', date_expiration: addDays(jour, 300) });
    const silencieux = await ctx.collegue(ctx.A);
    await ctx.t.post(
      '/api/notifications/preferences',
      { desactivees: ['document_expiration'] },
      silencieux.token,
    );

    const lien = (d: { id: number }) => `/parc-auto/documents-a-renouveler?id=${d.id}`;
    const mine = async (c: Company) =>
      (await ofType(c, 'document_expiration')).filter((n) =>
        [expire, bientot, tard, ancienne].some((d) => n.lien === lien(d)),
      );

    expect(await runDailyNotifications(ctx.t.app.db)).toBe(true);
    let notes = await mine(collegue);
    expect(notes.map((n) => n.titre).sort()).toEqual(
      [
        `Document expiré : Carte grise (${v.plaque})`,
        `Document à renouveler : Assurance (${v.plaque})`,
      ].sort(),
    );
    const contenu = async (c: Company, d: { id: number }) =>
      (await ctx.t.get(`/api/notifications`, c.token)).json().data.find((n: N) => n.lien === lien(d))
        ?.contenu;
    expect(await contenu(collegue, expire)).toBe(
      `Le document « Carte grise » du véhicule ${v.plaque} a expiré le ${addDays(jour, -3).split('-').reverse().join('/')}, il y a 3 jours.`,
    );
    expect(await contenu(collegue, bientot)).toBe(
      `Le document « Assurance » du véhicule ${v.plaque} expire le ${addDays(jour, 12).split('-').reverse().join('/')}, dans 12 jours.`,
    );
    // The user who turned the kind off hears nothing.
    expect(await mine(silencieux)).toHaveLength(0);
    // Once a day: the same day again does nothing.
    expect(await runDailyNotifications(ctx.t.app.db)).toBe(false);
    expect(await mine(collegue)).toHaveLength(2);

    // The next day: recalled again; yesterday's unread line gives way to today's, a read one stays.
    const lue = notes.find((n) => n.lien === lien(bientot))!;
    await ctx.t.post(`/api/notifications/${lue.id}/read`, {}, collegue.token);
    vi.setSystemTime(new Date(`${addDays(jour, 1)}T08:00:00+01:00`));
    expect(await runDailyNotifications(ctx.t.app.db)).toBe(true);
    notes = await mine(collegue);
    expect(notes.filter((n) => n.lien === lien(expire))).toHaveLength(1);
    expect(
      notes
        .filter((n) => n.lien === lien(bientot))
        .map((n) => n.read_at === null)
        .sort(),
    ).toEqual([false, true]);
    expect(await contenu(collegue, expire)).toContain('il y a 4 jours');

    // The list, with its filters (the same rule), for this company only.
    const list = async (c: Company, q: string) =>
      (await ctx.t.get(`/api/documents?camion_id=${v.id}&${q}`, c.token)).json().data as { id: number }[];
    expect((await list(ctx.A, 'echeance=a_renouveler')).map((d) => d.id).sort()).toEqual(
      [expire.id, bientot.id].sort(),
    );
    expect((await list(ctx.A, 'echeance=expire')).map((d) => d.id)).toEqual([expire.id]);
    expect(await list(ctx.A, 'echeance=7')).toEqual([]);
    expect((await list(ctx.A, 'echeance=30')).map((d) => d.id)).toEqual([bientot.id]);
    expect(await list(ctx.B, 'echeance=a_renouveler')).toEqual([]);
    expectFailure(
      await ctx.t.get('/api/documents?echeance=bientot', ctx.A.token),
      422,
      "L'échéance n'est pas valide (a_renouveler, expire, 7 ou 30).",
    );
  });
});

describe('messages between the users of one company', () => {
  it('sends, lists, reads and marks read, within the company only', async () => {
    const unreadMsgs = async (c: Company) =>
      (await ctx.t.get('/api/messages?read_at=null&req_count=1', c.token)).json().data as number;
    const before = await unreadMsgs(collegue);
    const sent = await ctx.t.post(
      '/api/messages',
      { recipient_id: collegue.id, contenu: '  Le camion est au port.  ' },
      ctx.A.token,
    );
    expect(sent.statusCode, sent.body).toBe(200);
    const msg = sent.json().data;
    expect(msg.contenu).toBe('Le camion est au port.');
    expect(msg.sender_id).toBe(ctx.A.id);
    expect(await unreadMsgs(collegue)).toBe(before + 1);

    // Another company: cannot be written to, cannot read it, never lists it.
    expectFailure(
      await ctx.t.post('/api/messages', { recipient_id: ctx.B.id, contenu: 'Bonjour' }, ctx.A.token),
      422,
      'Ce destinataire n’est pas un utilisateur de votre entreprise.',
    );
    expectFailure(await ctx.t.get(`/api/messages/${msg.id}`, ctx.B.token), 404, 'Ce message n’existe pas.');
    expectFailure(await ctx.t.post(`/api/messages/${msg.id}/read`, {}, ctx.B.token), 404);
    const ogList = (await ctx.t.get('/api/messages', ctx.B.token)).json().data as { id: number }[];
    expect(ogList.some((m) => m.id === msg.id)).toBe(false);
    const invalid = expectFailure(await ctx.t.post('/api/messages', { contenu: '   ' }, ctx.A.token), 422);
    expect(invalid.errors).toEqual(
      expect.arrayContaining(['Le destinataire est obligatoire.', 'Le message ne peut pas être vide.']),
    );

    // The recipient's inbox, newest first; the sender's sent box.
    const inboxList = (await ctx.t.get('/api/messages', collegue.token)).json().data as {
      id: number;
      read_at: string | null;
    }[];
    expect(inboxList[0]!.id).toBe(msg.id);
    expect(inboxList[0]!.read_at).toBeNull();
    const sentBox = (await ctx.t.get('/api/messages?boite=envoyes', ctx.A.token)).json().data as {
      id: number;
    }[];
    expect(sentBox[0]!.id).toBe(msg.id);

    // Reading it marks it read; the sender reading it does not.
    expect((await ctx.t.get(`/api/messages/${msg.id}`, ctx.A.token)).json().data.read_at).toBeNull();
    expect((await ctx.t.get(`/api/messages/${msg.id}`, collegue.token)).json().data.read_at).not.toBeNull();
    expect(await unreadMsgs(collegue)).toBe(before);
    await ctx.t.post('/api/messages', { recipient_id: collegue.id, contenu: 'Deuxième' }, ctx.A.token);
    expect((await ctx.t.post('/api/messages/read-all', {}, collegue.token)).statusCode).toBe(200);
    expect(await unreadMsgs(collegue)).toBe(0);
  });
});
