import {
  type CourseEvenementType,
  formatDateTime,
  GPS,
  PARAMETRES_DEFAUTS,
  type PositionPoussee,
  REALTIME_EVENTS,
} from '@yams/shared';
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { sameHash } from '../../lib/crypto';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { transaction } from '../../lib/transaction';
import { rooms } from '../../plugins/realtime';
import { parametresEntreprise } from '../entreprise/entreprise.table';
import { vehicules } from '../fleet/fleet.table';
import { notify } from '../notifications/notify';
import { courses } from '../operations/operations.table';
import { AlertesGps } from './alertes.service';
import { aSurveiller, type ContexteCourse, type EvenementDetecte, evenementsDuFix } from './arrivees';
import { appareils, appareilsInconnus, courseEvenements, positions } from './geolocation.table';
import type { Fix, OsmandMessage, Releve } from './osmand';

// Storing OsmAnd messages fast (≥ 1,000 single messages/s on PGlite): the identifier → device lookup and
// the open course of its vehicle are cached for a few seconds, a message is one INSERT … ON CONFLICT DO
// NOTHING RETURNING (the same fix twice is stored once), the push to the map and the arrival check are
// done in memory; only an actual arrival or departure writes more (the event and its notification, in one
// transaction). A batch is stored in one transaction.

/** How long a device lookup and a course context stay trusted. Changes made on this node apply at once. */
const CACHE_MS = 5_000;
const CACHE_MAX = 50_000;
/**
 * Rows per INSERT: a long offline batch goes in several statements of one transaction, with a pause
 * between them, so PGlite (which works on this thread) never holds the event loop for long.
 */
const INSERT_CHUNK = 250;
/** Fixes pushed to the map per message (the rest of a long offline batch is read by the track screen). */
const PUSH_MAX = 500;
/** Inserts running at once on PostgreSQL: half the API's pool (10), the other half for the screens. */
const INSERTS_EN_PARALLELE = 5;
const FINIS = ['Terminé', 'Annulé'];

export interface DeviceRef {
  id: number;
  entreprise_id: number;
  vehicule_id: number | null;
  /** Its secret: messages without it are refused (answered as for an unknown identifier). */
  cle: string | null;
}

/** The secret sent is the device's (constant time: the answer's delay tells nothing about it). */
function cleValide(device: DeviceRef, sent: string | null): boolean {
  if (device.cle === null) return true;
  return sent !== null && sameHash(device.cle, sent);
}

/** New unknown identifiers written per minute and node, beyond which an unknown one is not recorded. */
const INCONNUS_PAR_MINUTE = 60;

interface Pending {
  device: DeviceRef;
  fixes: Fix[];
  resolve(stored: Fix[]): void;
  reject(err: unknown): void;
}

interface Cached<T> {
  at: number;
  value: T;
}

/**
 * `refused`: no device has this identifier, or its secret is missing or wrong. The caller answers it as a
 * stored message (nothing tells a sweep which identifiers exist).
 */
export type IngestResult = 'stored' | 'refused';

type IngestApp = Pick<FastifyInstance, 'db' | 'database' | 'realtime' | 'log' | 'mailer' | 'config'>;

/** One ingest (its caches) per database: the GPS routes and the driver's app's positions share it. */
const shared = new WeakMap<object, Ingest>();
export function sharedIngest(app: IngestApp): Ingest {
  let ingest = shared.get(app.db);
  if (!ingest) {
    ingest = new Ingest(app);
    shared.set(app.db, ingest);
  }
  return ingest;
}

export class Ingest {
  private devices = new Map<string, Cached<Promise<DeviceRef | null>>>();
  private contexts = new Map<number, Cached<ContexteCourse | null>>();
  private readonly alertes: AlertesGps;

  constructor(private readonly app: IngestApp) {
    this.alertes = new AlertesGps(app);
  }

  private get db(): Db {
    return this.app.db;
  }

  /** Forgets a device (changed or deleted here) and, with it, its vehicle's course context. */
  forgetDevice(identifiant: string): void {
    this.devices.delete(identifiant);
  }

  /** Forgets a company's alert settings and zones (a zone changed here); null: every company's. */
  forgetAlertes(entrepriseId: number | null): void {
    this.alertes.forgetEntreprise(entrepriseId);
  }

  /** Forgets every course context (a course's coordinates or statut changed). */
  forgetCourses(): void {
    this.contexts.clear();
  }

  /**
   * The device of an identifier, cached. The cache holds the look-up itself, so the messages of a device
   * arriving together share one read and go on in the order they came (each its own read, PostgreSQL's
   * connections could answer the second message's first and store its fixes first).
   */
  private device(identifiant: string): Promise<DeviceRef | null> {
    const hit = this.devices.get(identifiant);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    // The ingest speaks for the device's company: its identifier is unique on the whole platform.
    const value = this.db
      .select({
        id: appareils.id,
        entreprise_id: appareils.entreprise_id,
        vehicule_id: appareils.vehicule_id,
        cle: appareils.cle,
      })
      .from(appareils)
      .where(eq(appareils.identifiant, identifiant))
      .limit(1)
      .then(([row]) => row ?? null);
    if (this.devices.size > CACHE_MAX) this.devices.clear();
    const entry = { at: Date.now(), value };
    this.devices.set(identifiant, entry);
    // A failed read is not kept: the next message reads again.
    value.catch(() => {
      if (this.devices.get(identifiant) === entry) this.devices.delete(identifiant);
    });
    return value;
  }

  /**
   * Stores a message's fixes (and its readings without coordinates at the last known place); 'refused'
   * (an unknown identifier is recorded for the superadmins) when no device has this identifier or the
   * device's secret is not in the message.
   */
  async store(message: OsmandMessage): Promise<IngestResult> {
    for (let attempt = 0; ; attempt++) {
      const device = await this.device(message.identifiant);
      if (!device) {
        await this.recordUnknown(message.identifiant);
        return 'refused';
      }
      if (!cleValide(device, message.cle)) return 'refused';
      try {
        const fixes = message.releves.length
          ? [...message.fixes, ...(await this.atLastPlace(device, message.releves))]
          : message.fixes;
        const stored = fixes.length ? await this.insert(device, fixes) : [];
        if (stored.length) {
          await this.inOrder(device.id, async () => {
            await this.arrivals(device, stored);
            await this.alertes.evaluer(device, stored);
          });
        }
        return 'stored';
      } catch (err) {
        // The device was deleted by another node since it was cached: look again once.
        if (attempt === 0 && isForeignKeyViolation(err)) {
          this.forgetDevice(message.identifiant);
          continue;
        }
        throw err;
      }
    }
  }

  /** Per device, the end of its last message's arrival and alert checks. */
  private tails = new Map<number, Promise<void>>();

  /**
   * A device's messages checked for arrivals and alerts one after the other, in the order their inserts
   * were answered (which keeps the order they came in): a check reads the course or the zones from the
   * database, so a later message's check could otherwise finish first, and both the checks' state and the
   * answers would follow the wrong order. A failed check fails its own message only.
   */
  private inOrder(deviceId: number, check: () => Promise<void>): Promise<void> {
    const run = (this.tails.get(deviceId) ?? Promise.resolve()).then(check);
    const tail = run.catch(() => undefined);
    this.tails.set(deviceId, tail);
    void tail.then(() => {
      if (this.tails.get(deviceId) === tail) this.tails.delete(deviceId);
    });
    return run;
  }

  /**
   * Readings without coordinates (cell towers, wifi): at the device's last known place, as Traccar does,
   * marked `outdated` and not valid (never an arrival, never a move). None before the device's first fix.
   * Only these messages read the last position.
   */
  private async atLastPlace(device: DeviceRef, releves: Releve[]): Promise<Fix[]> {
    const [last] = await scoped(this.db, { entrepriseId: device.entreprise_id })
      .select({ latitude: positions.latitude, longitude: positions.longitude })
      .from(positions)
      .where(eq(positions.appareil_id, device.id))
      .orderBy(desc(positions.heure))
      .limit(1);
    if (!last) return [];
    return releves.map((r) => ({
      ...r,
      latitude: last.latitude,
      longitude: last.longitude,
      valide: false,
      attributs: { ...r.attributs, outdated: true },
    }));
  }

  private unknownSeen = new Map<string, { at: number; pending: number }>();
  private unknownWindow = { start: 0, writes: 0 };

  /**
   * 'Appareil inconnu' for the superadmins, bounded: an identifier is written at most once per
   * GPS.inconnusEcritureSecondes and node (its messages meanwhile are added to the next write), at most
   * INCONNUS_PAR_MINUTE new ones per minute and node, never past GPS.inconnusMax rows; rows not seen for
   * GPS.inconnusHeures are deleted by the same statement.
   */
  private async recordUnknown(identifiant: string): Promise<void> {
    const now = Date.now();
    const seen = this.unknownSeen.get(identifiant);
    if (seen && now - seen.at < GPS.inconnusEcritureSecondes * 1000) {
      seen.pending++;
      return;
    }
    if (!seen) {
      if (now < this.unknownWindow.start || now - this.unknownWindow.start >= 60_000)
        this.unknownWindow = { start: now, writes: 0 };
      if (++this.unknownWindow.writes > INCONNUS_PAR_MINUTE) return;
    }
    if (this.unknownSeen.size > CACHE_MAX) this.unknownSeen.clear();
    const count = 1 + (seen?.pending ?? 0);
    this.unknownSeen.set(identifiant, { at: now, pending: 0 });
    const t = appareilsInconnus;
    const expiry = new Date(now - GPS.inconnusHeures * 3600_000).toISOString();
    await this.db.execute(sql`
      with purge as (delete from ${t} where ${t.derniere_vue} < ${expiry})
      insert into ${t} (identifiant, vu_fois)
      select ${identifiant}, ${count}
      where (select count(*) from ${t}) < ${GPS.inconnusMax}
         or exists (select 1 from ${t} where ${t.identifiant} = ${identifiant})
      on conflict (identifiant) do update
        set vu_fois = ${t.vu_fois} + excluded.vu_fois, derniere_vue = now()`);
  }

  /**
   * The fixes actually stored (a fix already there is skipped), oldest first. Messages arriving while an
   * insert is running wait for the next one and share it (group commit): at rest a message is inserted
   * at once; under load one statement and one commit carry many messages, which is what makes PGlite
   * reach thousands of messages per second (a commit costs it ~1.5 ms of CPU, a row ~0.1 ms).
   */
  private insert(device: DeviceRef, fixes: Fix[]): Promise<Fix[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ device, fixes, resolve, reject });
      // After the requests already received are read (PGlite works on this thread: a flush started at
      // once would take the messages one by one).
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => {
          this.scheduled = false;
          this.flush();
        });
      }
    });
  }

  private queue: Pending[] = [];
  /** Inserts running, and the devices they carry (a device's next messages wait for its running one). */
  private running = 0;
  private busy = new Set<number>();
  private scheduled = false;

  /**
   * Inserts run side by side up to the pool's width on PostgreSQL (each waits for its own WAL flush, so
   * one at a time left the pool idle: 15 k fixes/s where a bare 100-row INSERT on 10 connections does
   * 67 k); one at a time on PGlite, which has a single connection. A device is in one insert at a time
   * and its messages are taken in their order, so its fixes are stored, answered and checked for
   * arrivals in the order they came.
   */
  private get width(): number {
    return this.app.database.kind === 'postgres' ? INSERTS_EN_PARALLELE : 1;
  }

  private flush(): void {
    while (this.queue.length && this.running < this.width) {
      const group = this.nextGroup();
      if (!group.length) return;
      this.running++;
      for (const p of group) this.busy.add(p.device.id);
      void this.run(group).finally(() => {
        this.running--;
        for (const p of group) this.busy.delete(p.device.id);
        this.flush();
      });
    }
  }

  /**
   * Whole messages in their order, up to INSERT_CHUNK rows (a bigger message goes alone, in one
   * transaction), of devices not in a running insert; a device passed over keeps its later messages
   * waiting too.
   */
  private nextGroup(): Pending[] {
    const group: Pending[] = [];
    const skipped = new Set<number>();
    let rows = 0;
    for (let i = 0; i < this.queue.length; ) {
      const p = this.queue[i]!;
      const id = p.device.id;
      if (
        this.busy.has(id) ||
        skipped.has(id) ||
        (group.length > 0 && rows + p.fixes.length > INSERT_CHUNK)
      ) {
        skipped.add(id);
        i++;
        if (group.length > 0 && rows >= INSERT_CHUNK) break;
        continue;
      }
      group.push(p);
      rows += p.fixes.length;
      this.queue.splice(i, 1);
      if (rows > INSERT_CHUNK) break;
    }
    return group;
  }

  private async run(group: Pending[]): Promise<void> {
    let stored: Fix[][];
    try {
      stored = await this.insertGroup(group);
    } catch (err) {
      if (group.length === 1) group[0]!.reject(err);
      // One message spoiling the statement (its device deleted meanwhile) must not fail the others.
      else {
        for (const p of group) {
          await this.insertGroup([p]).then(([s]) => {
            p.resolve(s!);
            this.push([p], [s!]);
          }, p.reject);
        }
      }
      return;
    }
    for (let i = 0; i < group.length; i++) group[i]!.resolve(stored[i]!);
    this.push(group, stored);
  }

  /** One statement (or one transaction for a message over INSERT_CHUNK rows); per message, what it stored. */
  private async insertGroup(group: Pending[]): Promise<Fix[][]> {
    const rowsOf = (p: Pending, fs: Fix[]) =>
      fs.map((f) => ({
        appareil_id: p.device.id,
        entreprise_id: p.device.entreprise_id,
        heure: f.heure,
        latitude: f.latitude,
        longitude: f.longitude,
        vitesse: f.vitesse,
        cap: f.cap,
        altitude: f.altitude,
        precision: f.precision,
        batterie: f.batterie,
        en_charge: f.en_charge,
        attributs: f.valide ? f.attributs : { ...f.attributs, valid: false },
      }));
    // Messages of several companies share the statement: each row names its device's company, written
    // with no wider reach than that (`scoped` checks every row carries one).
    const insertRows = (db: Db, rows: ReturnType<typeof rowsOf>) =>
      scoped(db, { entrepriseId: null })
        .insert(positions)
        .values(rows)
        .onConflictDoNothing()
        .returning({ appareil_id: positions.appareil_id, heure: positions.heure });
    let inserted: Array<{ appareil_id: number; heure: string }>;
    const only = group[0]!;
    if (group.length === 1 && only.fixes.length > INSERT_CHUNK) {
      inserted = await transaction(this.db, async (tx) => {
        const all: Array<{ appareil_id: number; heure: string }> = [];
        for (let i = 0; i < only.fixes.length; i += INSERT_CHUNK) {
          if (i > 0) await new Promise((r) => setImmediate(r));
          all.push(...(await insertRows(tx, rowsOf(only, only.fixes.slice(i, i + INSERT_CHUNK)))));
        }
        return all;
      });
    } else {
      // One statement: atomic by itself.
      inserted = await insertRows(
        this.db,
        group.flatMap((p) => rowsOf(p, p.fixes)),
      );
    }
    const keys = new Set(inserted.map((r) => `${r.appareil_id}|${Date.parse(r.heure)}`));
    return group.map((p) => {
      if (keys.size === 0) return [];
      const seen = new Set<number>();
      return p.fixes
        .filter((f) => {
          const t = Date.parse(f.heure);
          const key = `${p.device.id}|${t}`;
          if (!keys.has(key) || seen.has(t)) return false;
          seen.add(t);
          // Two messages of one device with the same fix in one statement: the first one stored it.
          keys.delete(key);
          return true;
        })
        .sort((a, b) => Date.parse(a.heure) - Date.parse(b.heure));
    });
  }

  /**
   * Live to the company's map (and the superadmins'), once committed: one event per device and insert,
   * however many messages it carried.
   */
  private push(group: Pending[], stored: Fix[][]): void {
    const byDevice = new Map<number, { device: DeviceRef; fixes: Fix[] }>();
    group.forEach((p, i) => {
      if (!stored[i]!.length) return;
      const entry = byDevice.get(p.device.id) ?? { device: p.device, fixes: [] };
      entry.fixes.push(...stored[i]!);
      byDevice.set(p.device.id, entry);
    });
    for (const { device, fixes } of byDevice.values()) {
      if (byDevice.size > 1 || group.length > 1)
        fixes.sort((a, b) => Date.parse(a.heure) - Date.parse(b.heure));
      const payload: PositionPoussee = {
        appareil_id: device.id,
        entreprise_id: device.entreprise_id,
        vehicule_id: device.vehicule_id,
        positions: fixes.slice(-PUSH_MAX).map((f) => ({
          heure: f.heure,
          latitude: f.latitude,
          longitude: f.longitude,
          vitesse: f.vitesse,
          cap: f.cap,
        })),
      };
      try {
        this.app.realtime.io
          .to([rooms.company(device.entreprise_id), rooms.superadmins])
          .emit(REALTIME_EVENTS.position, payload);
      } catch (err) {
        // The positions are stored: the map reads them at its next poll.
        this.app.log.warn({ err }, 'position non poussée');
      }
    }
  }

  private async context(device: DeviceRef): Promise<ContexteCourse | null> {
    if (!device.vehicule_id) return null;
    const hit = this.contexts.get(device.vehicule_id);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    const value = await loadContexte(this.db, device.entreprise_id, device.vehicule_id);
    if (this.contexts.size > CACHE_MAX) this.contexts.clear();
    this.contexts.set(device.vehicule_id, { at: Date.now(), value });
    return value;
  }

  private async arrivals(device: DeviceRef, fixes: Fix[]): Promise<void> {
    const ctx = await this.context(device);
    if (!aSurveiller(ctx)) return;
    const found = fixes.flatMap((f) => evenementsDuFix(ctx, f));
    for (const e of found) {
      const recorded = await recordEvenement(this.db, ctx, device.id, e);
      // Recorded by another node, or the course closed meanwhile: read it again next time.
      if (!recorded) this.contexts.delete(device.vehicule_id!);
    }
  }
}

/** The open course of a vehicle, with what the arrival check needs. */
export async function loadContexte(
  db: Db,
  entrepriseId: number,
  vehiculeId: number,
): Promise<ContexteCourse | null> {
  const s = scoped(db, { entrepriseId });
  const [c] = await s
    .select({
      id: courses.id,
      code: courses.code,
      entreprise_id: courses.entreprise_id,
      created_at: courses.created_at,
      chargement_lat: courses.chargement_lat,
      chargement_lng: courses.chargement_lng,
      dechargement_lat: courses.dechargement_lat,
      dechargement_lng: courses.dechargement_lng,
      plaque: vehicules.plaque,
      rayon:
        sql<number>`coalesce(${parametresEntreprise.rayon_arrivee_m}, ${PARAMETRES_DEFAUTS.rayon_arrivee_m})`.mapWith(
          Number,
        ),
      evenements: sql<Array<{
        type: CourseEvenementType;
        heure: string;
      }> | null>`(select json_agg(json_build_object('type', e.type, 'heure', e.heure)) from ${courseEvenements} e where e.course_id = ${courses.id})`,
    })
    .from(courses)
    .innerJoin(vehicules, eq(vehicules.id, courses.vehicule_id))
    .leftJoin(parametresEntreprise, eq(parametresEntreprise.entreprise_id, courses.entreprise_id))
    .where(and(eq(courses.vehicule_id, vehiculeId), notInArray(courses.statut, FINIS)))
    .limit(1);
  if (!c) return null;
  const lieu = (lat: number | null, lng: number | null) =>
    lat === null || lng === null ? null : { latitude: lat, longitude: lng };
  return {
    courseId: c.id,
    code: c.code,
    entrepriseId: c.entreprise_id,
    plaque: c.plaque,
    debutMs: Date.parse(c.created_at),
    rayonM: c.rayon,
    chargement: lieu(c.chargement_lat, c.chargement_lng),
    dechargement: lieu(c.dechargement_lat, c.dechargement_lng),
    evenements: new Map((c.evenements ?? []).map((e) => [e.type, Date.parse(e.heure)])),
  };
}

/**
 * Records an event once (the unique key course + type) on a course still open, with its notification, in
 * one transaction. false when it was already there or the course is closed.
 */
export function recordEvenement(
  db: Db,
  ctx: ContexteCourse,
  appareilId: number | null,
  e: EvenementDetecte,
): Promise<boolean> {
  return transaction(db, async (tx) => {
    const s = scoped(tx, { entrepriseId: ctx.entrepriseId });
    const [open] = await s
      .select({ id: courses.id })
      .from(courses)
      .where(and(eq(courses.id, ctx.courseId), notInArray(courses.statut, FINIS)))
      .for('update');
    if (!open) return false;
    const [row] = await s
      .insert(courseEvenements)
      .values({
        course_id: ctx.courseId,
        appareil_id: appareilId,
        type: e.type,
        heure: e.heure,
        latitude: e.latitude,
        longitude: e.longitude,
      })
      .onConflictDoNothing()
      .returning({ id: courseEvenements.id });
    if (!row) return false;
    await notify(tx, {
      type: 'course_evenement',
      titre: `Course ${ctx.code} : ${e.type}`,
      contenu: `Le véhicule ${ctx.plaque} — ${e.type.toLowerCase()} le ${formatDateTime(e.heure)}.`,
      lien: `/operations/courses?id=${ctx.courseId}`,
      entreprises: [ctx.entrepriseId],
      cle: `course_evenement:${ctx.courseId}:${e.type}`,
    });
    return true;
  });
}
