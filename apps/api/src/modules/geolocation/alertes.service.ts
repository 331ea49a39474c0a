import {
  ALERTES_DEFAUTS,
  alerteDe,
  coordonneesTexte,
  formatDateTime,
  GPS,
  type GpsEvenementType,
  PARAMETRES_DEFAUTS,
} from '@yams/shared';
import { and, asc, eq, gte, isNotNull, lt, notInArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { toIso } from '../../db/columns';
import { users } from '../../db/core.table';
import { platformSql, scoped } from '../../db/scoped';
import { escapeHtml as esc, mailLayout } from '../../lib/mail-layout';
import type { Mail } from '../../lib/mailer';
import { transaction } from '../../lib/transaction';
import { parametresEntreprise } from '../entreprise/entreprise.table';
import { vehicules } from '../fleet/fleet.table';
import { notificationPreferences } from '../notifications/notifications.table';
import { notify } from '../notifications/notify';
import { adresses } from '../operations/adresses.table';
import { courses } from '../operations/operations.table';
import {
  type AlerteDetectee,
  dansUneZone,
  type EtatAlertes,
  etatVide,
  evaluerFix,
  type FixAlerte,
  type SeuilsAlertes,
  type ZoneAlerte,
} from './alertes';
import { distanceM } from './geo';
import { appareils, type GpsEvenementDetails, gpsEvenements, positions, zones } from './geolocation.table';
import type { Fix } from './osmand';
import { zoneGeo } from './zones.geo';

// The GPS alerts at ingest (docs/architecture.md, « GPS alerts »): each device's state lives in the memory of
// the node that receives its fixes (alertes.ts); a company's thresholds, zones and vehicles' limits are read
// at most once per CONFIG_MS. A fix costs no query; an alert is one transaction (the event, its place, the
// notifications), then the e-mails. The first fixes a node receives from a device after its start rebuild the
// state from the device's last ETAT_HEURES of positions (one query), so a restart does not raise again an
// episode already recorded. The silent devices are found by a job (`verifierSilences`, every SILENCE_MS).

const CONFIG_MS = 10_000;
const ETAT_HEURES = 6;
const ETATS_MAX = 50_000;
/** How often the silent devices are looked for. */
const SILENCE_MS = 5 * 60_000;
/** A device silent for longer than its threshold plus this is not announced (old devices left in a drawer). */
const SILENCE_FENETRE_MS = 7 * 24 * 3_600_000;
const FINIS = ['Terminé', 'Annulé'];

interface ConfigEntreprise {
  at: number;
  seuils: SeuilsAlertes;
  limites: Map<number, number>;
  zones: ZoneAlerte[];
}

export interface AppareilAlerte {
  id: number;
  entreprise_id: number;
  vehicule_id: number | null;
}

type App = Pick<FastifyInstance, 'db' | 'log' | 'mailer' | 'config'>;

const contactDe = (attributs: Record<string, unknown> | null): boolean | null =>
  typeof attributs?.ignition === 'boolean' ? attributs.ignition : null;

export class AlertesGps {
  private etats = new Map<number, EtatAlertes>();
  private configs = new Map<number, ConfigEntreprise>();
  /** Per device, the evaluation running (a device's messages are evaluated one after the other). */
  private chaines = new Map<number, Promise<void>>();

  constructor(private readonly app: App) {}

  /**
   * Reads the company's zones, thresholds and vehicles' limits again at its next fix (its zones changed on
   * this node); otherwise they are read again within CONFIG_MS.
   */
  forgetEntreprise(entrepriseId: number | null): void {
    if (entrepriseId === null) this.configs.clear();
    else this.configs.delete(entrepriseId);
  }

  private async config(entrepriseId: number): Promise<ConfigEntreprise> {
    const hit = this.configs.get(entrepriseId);
    if (hit && Date.now() - hit.at < CONFIG_MS) return hit;
    const s = scoped(this.app.db, { entrepriseId });
    const [p] = await s
      .select({
        vitesse_max_kmh: parametresEntreprise.vitesse_max_kmh,
        arret_alerte_minutes: parametresEntreprise.arret_alerte_minutes,
        ralenti_alerte_minutes: parametresEntreprise.ralenti_alerte_minutes,
        vitesse_mouvement_kmh: parametresEntreprise.vitesse_mouvement_kmh,
      })
      .from(parametresEntreprise)
      .where(eq(parametresEntreprise.entreprise_id, entrepriseId));
    const limites = await s
      .select({ id: vehicules.id, v: vehicules.vitesse_max_kmh })
      .from(vehicules)
      .where(isNotNull(vehicules.vitesse_max_kmh));
    const zs = await s
      .select({
        id: zones.id,
        nom: zones.nom,
        type: zones.type,
        latitude: zones.latitude,
        longitude: zones.longitude,
        rayon_m: zones.rayon_m,
        points: zones.points,
      })
      .from(zones);
    const config: ConfigEntreprise = {
      at: Date.now(),
      seuils: {
        vitesseMaxKmh: p?.vitesse_max_kmh ?? ALERTES_DEFAUTS.vitesse_max_kmh,
        arretMinutes: p?.arret_alerte_minutes ?? ALERTES_DEFAUTS.arret_alerte_minutes,
        ralentiMinutes: p?.ralenti_alerte_minutes ?? ALERTES_DEFAUTS.ralenti_alerte_minutes,
        vitesseMouvementKmh: p?.vitesse_mouvement_kmh ?? PARAMETRES_DEFAUTS.vitesse_mouvement_kmh,
      },
      limites: new Map(limites.map((l) => [l.id, l.v!])),
      zones: zs.map((z) => ({ id: z.id, nom: z.nom, geo: zoneGeo(z) })),
    };
    if (this.configs.size > ETATS_MAX) this.configs.clear();
    this.configs.set(entrepriseId, config);
    return config;
  }

  /** The device's state, rebuilt from its recent positions the first time this node sees it. */
  private async etat(device: AppareilAlerte, avant: number, config: ConfigEntreprise): Promise<EtatAlertes> {
    const known = this.etats.get(device.id);
    if (known) return known;
    const etat = etatVide();
    const recent = await scoped(this.app.db, { entrepriseId: device.entreprise_id })
      .select({
        heure: positions.heure,
        latitude: positions.latitude,
        longitude: positions.longitude,
        vitesse: positions.vitesse,
        attributs: positions.attributs,
      })
      .from(positions)
      .where(
        and(
          eq(positions.appareil_id, device.id),
          gte(positions.heure, new Date(avant - ETAT_HEURES * 3_600_000).toISOString()),
          lt(positions.heure, new Date(avant).toISOString()),
        ),
      )
      .orderBy(asc(positions.heure));
    const seuils = this.seuils(device, config);
    for (const p of recent) {
      const attributs = p.attributs as Record<string, unknown> | null;
      if (attributs?.valid === false) continue;
      evaluerFix(etat, { ...p, contact: contactDe(attributs) }, seuils, config.zones);
    }
    if (this.etats.size > ETATS_MAX) this.etats.clear();
    this.etats.set(device.id, etat);
    return etat;
  }

  private seuils(device: AppareilAlerte, config: ConfigEntreprise): SeuilsAlertes {
    const own = device.vehicule_id ? config.limites.get(device.vehicule_id) : undefined;
    return own ? { ...config.seuils, vitesseMaxKmh: own } : config.seuils;
  }

  /** Evaluates a device's stored fixes (oldest first) and records the alerts they raise. */
  evaluer(device: AppareilAlerte, fixes: Fix[]): Promise<void> {
    const valides = fixes.filter((f) => f.valide);
    if (!valides.length) return Promise.resolve();
    const previous = this.chaines.get(device.id) ?? Promise.resolve();
    // The alerts never fail the ingest: the fixes are stored, an error is logged.
    const run: Promise<void> = previous
      .then(() => this.evaluerMaintenant(device, valides))
      .catch((err) => this.app.log.warn({ err, appareil: device.id }, 'alertes GPS non évaluées'))
      .finally(() => {
        if (this.chaines.get(device.id) === run) this.chaines.delete(device.id);
      });
    this.chaines.set(device.id, run);
    return run;
  }

  private async evaluerMaintenant(device: AppareilAlerte, fixes: Fix[]): Promise<void> {
    const config = await this.config(device.entreprise_id);
    const etat = await this.etat(device, Date.parse(fixes[0]!.heure), config);
    const seuils = this.seuils(device, config);
    const found: AlerteDetectee[] = [];
    for (const f of fixes) {
      const fix: FixAlerte = {
        heure: f.heure,
        latitude: f.latitude,
        longitude: f.longitude,
        vitesse: f.vitesse,
        contact: contactDe(f.attributs),
      };
      found.push(...evaluerFix(etat, fix, seuils, config.zones));
    }
    for (const a of found) {
      // An alert never fails the ingest (the fixes are stored): a zone deleted meanwhile on another node…
      await recordAlerte(this.app, device, a, config.zones).catch((err) => {
        this.app.log.warn({ err, appareil: device.id, type: a.type }, 'alerte GPS non enregistrée');
        this.configs.delete(device.entreprise_id);
      });
    }
  }
}

/** Looks for silent devices 30 s after the start, then every SILENCE_MS; returns the stop function. */
export function startSilences(app: App, onError: (err: unknown) => void): () => void {
  const tick = () => void verifierSilences(app).catch(onError);
  const first = setTimeout(tick, 30_000);
  const timer = setInterval(tick, SILENCE_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/** The place of an event: its zone, else the company's nearest saved address, else nothing. */
async function lieuDe(
  tx: Db,
  entrepriseId: number,
  a: Pick<AlerteDetectee, 'latitude' | 'longitude' | 'zone'>,
  zonesEntreprise: readonly ZoneAlerte[],
): Promise<{ lieu: string | null; zone: ZoneAlerte | null }> {
  const zone = a.zone ?? dansUneZone(zonesEntreprise, a.latitude, a.longitude);
  if (zone) return { lieu: zone.nom, zone };
  const lieux = await scoped(tx, { entrepriseId })
    .select({ libelle: adresses.libelle, latitude: adresses.latitude, longitude: adresses.longitude })
    .from(adresses);
  let best: { libelle: string; d: number } | null = null;
  for (const l of lieux) {
    const d = distanceM(a.latitude, a.longitude, l.latitude, l.longitude);
    if (d <= GPS.lieuRayonM && (!best || d < best.d)) best = { libelle: l.libelle, d };
  }
  return { lieu: best?.libelle ?? null, zone: null };
}

/** « 112 km/h (limite 90 km/h) », « 42 min », « 14 h sans position ». */
export function detailTexte(type: GpsEvenementType, d: GpsEvenementDetails): string | null {
  if (type === 'Excès de vitesse' && d.vitesse_kmh !== undefined)
    return `${d.vitesse_kmh} km/h (limite ${d.limite_kmh} km/h)`;
  if (d.duree_min !== undefined) return `${d.duree_min} min`;
  if (d.heures !== undefined) return `${d.heures} h sans position`;
  return null;
}

function alerteMail(to: string, nom: string, titre: string, contenu: string, lien: string): Mail {
  return {
    to,
    subject: titre,
    text: `Bonjour ${nom},\n\n${contenu}\n\nVoir les événements : ${lien}\n\nVous recevez ce message parce que vous avez choisi cette alerte (Mon compte → Notifications reçues).\n`,
    html: mailLayout(titre, [
      `<p>Bonjour ${esc(nom)},</p>`,
      `<p>${esc(contenu)}</p>`,
      `<p><a href="${esc(lien)}">Voir les événements</a></p>`,
      '<p>Vous recevez ce message parce que vous avez choisi cette alerte (Mon compte → Notifications reçues).</p>',
    ]),
  };
}

/** The Géolocalisation screen's events tab (web: PATHS['geolocalisation.evenements']). */
const LIEN_EVENEMENTS = '/geolocalisation/evenements';

/**
 * Records an alert once (the unique key device + type + start + zone) with its place, the vehicle's open
 * course, the notifications of the users who chose it, in one transaction; then mails those who chose it by
 * e-mail. false when it was already recorded (another node, a replay).
 */
export async function recordAlerte(
  app: App,
  device: AppareilAlerte,
  a: AlerteDetectee,
  zonesEntreprise: readonly ZoneAlerte[],
): Promise<boolean> {
  const mails = await transaction(app.db, async (tx) => {
    const s = scoped(tx, { entrepriseId: device.entreprise_id });
    const { lieu, zone } = await lieuDe(tx, device.entreprise_id, a, zonesEntreprise);
    const [vehicule] = device.vehicule_id
      ? await s
          .select({ plaque: vehicules.plaque })
          .from(vehicules)
          .where(eq(vehicules.id, device.vehicule_id))
      : [];
    const [nom] = await s.select({ nom: appareils.nom }).from(appareils).where(eq(appareils.id, device.id));
    const [course] = device.vehicule_id
      ? await s
          .select({ id: courses.id, code: courses.code })
          .from(courses)
          .where(and(eq(courses.vehicule_id, device.vehicule_id), notInArray(courses.statut, FINIS)))
          .limit(1)
      : [];
    const [row] = await s
      .insert(gpsEvenements)
      .values({
        appareil_id: device.id,
        vehicule_id: device.vehicule_id,
        type: a.type,
        heure: a.heure,
        latitude: a.latitude,
        longitude: a.longitude,
        lieu,
        details: a.details,
        ref: a.zone?.id ?? 0,
        // A zone's event: its zone; any other: the zone it happened in, if any.
        zone_id: zone?.id ?? null,
        course_id: course?.id ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: gpsEvenements.id });
    if (!row) return null;
    const alerte = alerteDe(a.type);
    const qui = vehicule?.plaque ?? nom?.nom ?? `l’appareil n°${device.id}`;
    const titre = `${a.type} : ${qui}`;
    const detail = detailTexte(a.type, a.details);
    const ou = lieu ?? coordonneesTexte(a);
    const contenu = `${a.type}${a.zone ? ` « ${a.zone.nom} »` : ''} — ${qui}, le ${formatDateTime(a.heure)}, ${ou}${detail ? ` : ${detail}` : ''}.`;
    await notify(tx, {
      type: alerte,
      titre,
      contenu,
      lien: LIEN_EVENEMENTS,
      entreprises: [device.entreprise_id],
      cle: `gps_evenement:${row.id}`,
    });
    const destinataires = await tx
      .select({ email: users.email, prenom: users.prenom, nom: users.nom })
      .from(users)
      .innerJoin(notificationPreferences, eq(notificationPreferences.user_id, users.id))
      .where(
        and(
          eq(users.entreprise_id, device.entreprise_id),
          eq(users.type, 'transporteur'),
          eq(users.bloque, false),
          isNotNull(users.email),
          sql`${notificationPreferences.alertes_email} ? ${alerte}`,
        ),
      );
    const lien = `${app.config.appUrl}${LIEN_EVENEMENTS}`;
    return destinataires.map((u) =>
      alerteMail(
        u.email!,
        [u.prenom, u.nom].filter(Boolean).join(' '),
        `Alerte GPS — ${titre}`,
        contenu,
        lien,
      ),
    );
  });
  if (!mails) return false;
  for (const m of mails) {
    // The event and the bell are recorded: a mail that fails is logged, not retried.
    await app.mailer.send(m).catch((err) => app.log.warn({ err }, 'alerte GPS non envoyée par e-mail'));
  }
  return true;
}

/**
 * The devices silent for longer than their company's `silence_alerte_heures` at `now` (ms): one alert per
 * silence, dated at the device's last fix (so announced once, by whichever node looks first). Devices silent
 * for more than SILENCE_FENETRE_MS beyond the threshold are left alone. Returns how many were recorded.
 */
export async function verifierSilences(app: App, now: number = Date.now()): Promise<number> {
  const nowIso = new Date(now).toISOString();
  const seuil = sql`make_interval(hours => coalesce(p.silence_alerte_heures, ${ALERTES_DEFAUTS.silence_alerte_heures}))`;
  const fenetre = `${SILENCE_FENETRE_MS / 1000} seconds`;
  // Every company's devices: the job speaks for the platform, each alert is then recorded in its company.
  const rows = await platformSql(app.db).rows<{
    id: number;
    entreprise_id: number;
    vehicule_id: number | null;
    heure: string | Date;
    latitude: number;
    longitude: number;
  }>(sql`
    select a.id, a.entreprise_id, a.vehicule_id, last.heure, last.latitude, last.longitude
    from ${appareils} a
    left join ${parametresEntreprise} p on p.entreprise_id = a.entreprise_id
    cross join lateral (
      select heure, latitude, longitude from ${positions} where appareil_id = a.id order by heure desc limit 1
    ) last
    where last.heure < ${nowIso}::timestamptz - ${seuil}
      and last.heure > ${nowIso}::timestamptz - ${seuil} - ${fenetre}::interval
      and not exists (
        select 1 from ${gpsEvenements} e
        where e.appareil_id = a.id and e.type = 'Appareil silencieux' and e.heure = last.heure
      )`);
  let recorded = 0;
  const zonesParEntreprise = new Map<number, ZoneAlerte[]>();
  for (const r of rows) {
    if (!zonesParEntreprise.has(r.entreprise_id)) {
      const zs = await scoped(app.db, { entrepriseId: r.entreprise_id }).select().from(zones);
      zonesParEntreprise.set(
        r.entreprise_id,
        zs.map((z) => ({ id: z.id, nom: z.nom, geo: zoneGeo(z) })),
      );
    }
    const heure = toIso(r.heure);
    const ok = await recordAlerte(
      app,
      { id: r.id, entreprise_id: r.entreprise_id, vehicule_id: r.vehicule_id },
      {
        type: 'Appareil silencieux',
        heure,
        latitude: Number(r.latitude),
        longitude: Number(r.longitude),
        zone: null,
        details: { heures: Math.floor((now - Date.parse(heure)) / 3_600_000) },
      },
      zonesParEntreprise.get(r.entreprise_id)!,
    );
    if (ok) recorded++;
  }
  return recorded;
}
