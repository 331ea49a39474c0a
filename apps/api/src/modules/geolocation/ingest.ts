import {
  type CourseEvenementType,
  formatDateTime,
  PARAMETRES_DEFAUTS,
  type PositionPoussee,
  REALTIME_EVENTS,
} from '@yams/shared';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { isForeignKeyViolation } from '../../lib/db-errors';
import { transaction } from '../../lib/transaction';
import { rooms } from '../../plugins/realtime';
import { parametresEntreprise } from '../entreprise/entreprise.table';
import { vehicules } from '../fleet/fleet.table';
import { notify } from '../notifications/notify';
import { courses } from '../operations/operations.table';
import { aSurveiller, type ContexteCourse, type EvenementDetecte, evenementsDuFix } from './arrivees';
import { appareils, appareilsInconnus, courseEvenements, positions } from './geolocation.table';
import type { Fix, OsmandMessage } from './osmand';

// Storing OsmAnd messages fast (≥ 1,000 single messages/s on PGlite): the identifier → device lookup and
// the open course of its vehicle are cached for a few seconds, a message is one INSERT … ON CONFLICT DO
// NOTHING RETURNING (the same fix twice is stored once), the push to the map and the arrival check are
// done in memory; only an actual arrival or departure writes more (the event and its notification, in one
// transaction). A batch is stored in one transaction.

/** How long a device lookup and a course context stay trusted. Changes made on this node apply at once. */
const CACHE_MS = 5_000;
const CACHE_MAX = 50_000;
/** Rows per INSERT of a batch (12 parameters each, under PostgreSQL's 65,535). */
const INSERT_CHUNK = 2_000;
/** Fixes pushed to the map per message (the rest of a long offline batch is read by the track screen). */
const PUSH_MAX = 500;
const FINIS = ['Terminé', 'Annulé'];

export interface DeviceRef {
  id: number;
  entreprise_id: number;
  vehicule_id: number | null;
}

interface Cached<T> {
  at: number;
  value: T;
}

export type IngestResult = 'stored' | 'unknown';

export class Ingest {
  private devices = new Map<string, Cached<DeviceRef | null>>();
  private contexts = new Map<number, Cached<ContexteCourse | null>>();

  constructor(private readonly app: Pick<FastifyInstance, 'db' | 'realtime' | 'log'>) {}

  private get db(): Db {
    return this.app.db;
  }

  /** Forgets a device (changed or deleted here) and, with it, its vehicle's course context. */
  forgetDevice(identifiant: string): void {
    this.devices.delete(identifiant);
  }

  /** Forgets every course context (a course's coordinates or statut changed). */
  forgetCourses(): void {
    this.contexts.clear();
  }

  private async device(identifiant: string): Promise<DeviceRef | null> {
    const hit = this.devices.get(identifiant);
    if (hit && Date.now() - hit.at < CACHE_MS) return hit.value;
    // The ingest speaks for the device's company: its identifier is unique on the whole platform.
    const [row] = await this.db
      .select({
        id: appareils.id,
        entreprise_id: appareils.entreprise_id,
        vehicule_id: appareils.vehicule_id,
      })
      .from(appareils)
      .where(eq(appareils.identifiant, identifiant))
      .limit(1);
    if (this.devices.size > CACHE_MAX) this.devices.clear();
    this.devices.set(identifiant, { at: Date.now(), value: row ?? null });
    return row ?? null;
  }

  /** Stores a message's fixes; 'unknown' (recorded as such) when no device has this identifier. */
  async store(message: OsmandMessage): Promise<IngestResult> {
    for (let attempt = 0; ; attempt++) {
      const device = await this.device(message.identifiant);
      if (!device) {
        await this.recordUnknown(message.identifiant);
        return 'unknown';
      }
      try {
        const stored = await this.insert(device, message.fixes);
        if (stored.length) {
          this.push(device, stored);
          await this.arrivals(device, stored);
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

  private recordUnknown(identifiant: string) {
    return this.db
      .insert(appareilsInconnus)
      .values({ identifiant })
      .onConflictDoUpdate({
        target: appareilsInconnus.identifiant,
        set: { vu_fois: sql`${appareilsInconnus.vu_fois} + 1`, derniere_vue: sql`now()` },
      });
  }

  /** The fixes actually stored (a fix already there is skipped), oldest first. */
  private async insert(device: DeviceRef, fixes: Fix[]): Promise<Fix[]> {
    const rows = (fs: Fix[]) =>
      fs.map((f) => ({
        appareil_id: device.id,
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
    const insertChunk = (db: Db, fs: Fix[]) =>
      scoped(db, { entrepriseId: device.entreprise_id })
        .insert(positions)
        .values(rows(fs))
        .onConflictDoNothing()
        .returning({ heure: positions.heure });
    let inserted: Array<{ heure: string }>;
    if (fixes.length <= INSERT_CHUNK) {
      // One statement: atomic by itself.
      inserted = await insertChunk(this.db, fixes);
    } else {
      inserted = await transaction(this.db, async (tx) => {
        const all: Array<{ heure: string }> = [];
        for (let i = 0; i < fixes.length; i += INSERT_CHUNK) {
          all.push(...(await insertChunk(tx, fixes.slice(i, i + INSERT_CHUNK))));
        }
        return all;
      });
    }
    if (inserted.length === 0) return [];
    const times = new Set(inserted.map((r) => Date.parse(r.heure)));
    const seen = new Set<number>();
    return fixes
      .filter((f) => {
        const t = Date.parse(f.heure);
        if (!times.has(t) || seen.has(t)) return false;
        seen.add(t);
        return true;
      })
      .sort((a, b) => Date.parse(a.heure) - Date.parse(b.heure));
  }

  /** Live to the company's map (and the superadmins'): the positions are already committed. */
  private push(device: DeviceRef, fixes: Fix[]): void {
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
    this.app.realtime.io
      .to([rooms.company(device.entreprise_id), rooms.superadmins])
      .emit(REALTIME_EVENTS.position, payload);
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
