import { ALERTES_DEFAUTS, PARAMETRES_DEFAUTS, type ZoneCategorie } from '@yams/shared';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Rng } from '../../db/demo-people';
import { scoped } from '../../db/scoped';
import { vehicules } from '../fleet/fleet.table';
import type { SeedContext } from '../module';
import { courses } from '../operations/operations.table';
import { villes } from '../reference/reference.table';
import { dansUneZone, etatVide, evaluerFix, type SeuilsAlertes, type ZoneAlerte } from './alertes';
import { distanceM } from './geo';
import {
  appareils,
  appareilsInconnus,
  courseEvenements,
  gpsEvenements,
  positions,
  zones,
} from './geolocation.table';
import { zoneGeo } from './zones.geo';

// Demo data of geolocation: GPS devices in the demo companies' vehicles, three days of tracks along real
// Gabonese roads (TransGabon: Libreville–Owendo–Ntoum–Kango on the N1; Ogooué Logistique: Port-Gentil),
// and one course in transit from the port of Owendo to Lambaréné with its vehicle's track up to now and its
// events. Bulk inserts: about 10,000 positions in a handful of statements.

type LatLng = readonly [number, number];

/** Waypoints of real roads (approximate, a few hundred metres apart at the bends). */
const ROUTES: Record<string, LatLng[]> = {
  // Libreville centre (Boulevard Triomphal) → Owendo port, by the Lalala road.
  libreville_owendo: [
    [0.3925, 9.4536],
    [0.3858, 9.4555],
    [0.3771, 9.4602],
    [0.3661, 9.4659],
    [0.3538, 9.4711],
    [0.3402, 9.4768],
    [0.3259, 9.4832],
    [0.3131, 9.4905],
    [0.3019, 9.4969],
    [0.2912, 9.5031],
  ],
  // Owendo port → PK 8 (junction with the N1) → Ntoum, on the N1.
  owendo_ntoum: [
    [0.2912, 9.5031],
    [0.3035, 9.5152],
    [0.3228, 9.5241],
    [0.3443, 9.5289],
    [0.3675, 9.5302],
    [0.3911, 9.5247],
    [0.4102, 9.5188],
    [0.4157, 9.5382],
    [0.4141, 9.5605],
    [0.4077, 9.5868],
    [0.4018, 9.6141],
    [0.3981, 9.6454],
    [0.3952, 9.6788],
    [0.3927, 9.7102],
    [0.3901, 9.7389],
    [0.3889, 9.7611],
  ],
  // Ntoum → Kango, on the N1 towards Lambaréné.
  ntoum_kango: [
    [0.3889, 9.7611],
    [0.3792, 9.7954],
    [0.3641, 9.8317],
    [0.3449, 9.8698],
    [0.3238, 9.9071],
    [0.3012, 9.9426],
    [0.2788, 9.9772],
    [0.2547, 10.0115],
    [0.2296, 10.0429],
    [0.2047, 10.0734],
    [0.1818, 10.0998],
    [0.1667, 10.1167],
  ],
  // Kango → Bifoun → Lambaréné, still the N1.
  kango_lambarene: [
    [0.1667, 10.1167],
    [0.1192, 10.1385],
    [0.0603, 10.1627],
    [-0.0021, 10.1861],
    [-0.0764, 10.2047],
    [-0.1623, 10.2187],
    [-0.2466, 10.2255],
    [-0.3298, 10.2281],
    [-0.4145, 10.2279],
    [-0.4983, 10.2304],
    [-0.5821, 10.2352],
    [-0.6487, 10.2391],
    [-0.7001, 10.2406],
  ],
  // Port-Gentil: the port → the town centre → the airport → Cap Lopez road.
  pog_port_cap: [
    [-0.7193, 8.7815],
    [-0.7162, 8.7801],
    [-0.7118, 8.7762],
    [-0.7072, 8.7703],
    [-0.7031, 8.7631],
    [-0.6968, 8.7566],
    [-0.6874, 8.7497],
    [-0.6751, 8.7423],
    [-0.6622, 8.7341],
    [-0.6483, 8.7262],
    [-0.6333, 8.7167],
  ],
  // Port-Gentil: the port → SOGARA refinery → the southern districts.
  pog_port_sud: [
    [-0.7193, 8.7815],
    [-0.7236, 8.7862],
    [-0.7295, 8.7903],
    [-0.7369, 8.7931],
    [-0.7448, 8.7962],
    [-0.7521, 8.8004],
    [-0.7587, 8.8061],
  ],
};

const join = (...parts: LatLng[][]) => parts.flatMap((p, i) => (i === 0 ? p : p.slice(1)));
const reverse = (p: LatLng[]) => [...p].reverse();

/** Where the demo course in transit loads and unloads. */
const OWENDO_PORT: LatLng = [0.2912, 9.5031];
const LAMBARENE: LatLng = [-0.7001, 10.2406];

interface Fix {
  t: number;
  lat: number;
  lng: number;
  v: number;
  cap: number | null;
}

const bearing = (a: LatLng, b: LatLng) => {
  const rad = Math.PI / 180;
  const y = Math.sin((b[1] - a[1]) * rad) * Math.cos(b[0] * rad);
  const x =
    Math.cos(a[0] * rad) * Math.sin(b[0] * rad) -
    Math.sin(a[0] * rad) * Math.cos(b[0] * rad) * Math.cos((b[1] - a[1]) * rad);
  return Math.round(((Math.atan2(y, x) / rad + 360) % 360) * 10) / 10;
};

/** Driving a polyline from `start` at about `kmh`, one fix every `stepS` seconds. */
function drive(
  r: Rng,
  path: LatLng[],
  start: number,
  kmh: number,
  stepS = 60,
): { fixes: Fix[]; end: number } {
  const fixes: Fix[] = [];
  let t = start;
  for (let i = 0; i + 1 < path.length; i++) {
    const [a, b] = [path[i]!, path[i + 1]!];
    const d = distanceM(a[0], a[1], b[0], b[1]);
    const speed = kmh * (0.8 + r.next() * 0.35);
    const duration = (d / (speed / 3.6)) * 1000;
    const steps = Math.max(1, Math.round(duration / (stepS * 1000)));
    for (let s = 0; s < steps; s++) {
      const k = s / steps;
      fixes.push({
        t: Math.round(t + (duration * s) / steps),
        lat: a[0] + (b[0] - a[0]) * k + (r.next() - 0.5) * 0.00008,
        lng: a[1] + (b[1] - a[1]) * k + (r.next() - 0.5) * 0.00008,
        v: Math.round(speed * (0.85 + r.next() * 0.3) * 10) / 10,
        cap: bearing(a, b),
      });
    }
    t += duration;
  }
  const last = path.at(-1)!;
  fixes.push({ t: Math.round(t), lat: last[0], lng: last[1], v: 0, cap: null });
  return { fixes, end: t };
}

/** Parked at a place for `minutes`, one fix every 2 minutes (a phone keeps reporting). */
function park(r: Rng, at: LatLng, start: number, minutes: number): { fixes: Fix[]; end: number } {
  const fixes: Fix[] = [];
  for (let m = 2; m < minutes; m += 2) {
    fixes.push({
      t: start + m * 60_000,
      lat: at[0] + (r.next() - 0.5) * 0.0001,
      lng: at[1] + (r.next() - 0.5) * 0.0001,
      v: 0,
      cap: null,
    });
  }
  return { fixes, end: start + minutes * 60_000 };
}

/** A working day: out along `path`, a stop, back, a stop, out again… from 07:00 to about 17:00 Libreville. */
function workday(r: Rng, path: LatLng[], day0: number, kmh: number): Fix[] {
  const fixes: Fix[] = [];
  let t = day0 + (6 * 60 + r.int(0, 60)) * 60_000; // 07:00–08:00 Libreville = 06:00–07:00 UTC
  const close = day0 + 16 * 3600_000;
  let forward = true;
  while (t < close) {
    const leg = drive(r, forward ? path : reverse(path), t, kmh);
    fixes.push(...leg.fixes);
    const stop = park(r, forward ? path.at(-1)! : path[0]!, leg.end, r.int(25, 70));
    fixes.push(...stop.fixes);
    t = stop.end;
    forward = !forward;
  }
  return fixes;
}

const DAY = 86_400_000;
/** 00:00 UTC of the day `offset` days from now. */
const utcDay = (now: number, offset: number) => Math.floor(now / DAY) * DAY + offset * DAY;

/** A Traccar Client identifier (6 random digits) or a tracker's IMEI (15 digits). */
const identifiant = (r: Rng, imei: boolean) =>
  imei
    ? `86${String(r.int(10_000_000, 99_999_999))}${String(r.int(10_000, 99_999))}`
    : String(r.int(100_000, 999_999));

export async function seedGeolocation(ctx: SeedContext): Promise<void> {
  const { db, r } = ctx;
  const now = Date.now();
  const taken = new Set<string>();
  const rows: Array<typeof positions.$inferInsert> = [];
  const [transgabon, ogooue] = ctx.companies;
  const plans: Array<{ company: number; n: number; paths: LatLng[][]; kmh: number }> = [];
  const seeded: Array<{ id: number; entreprise_id: number; vehicule_id: number | null }> = [];
  if (transgabon) {
    plans.push({
      company: transgabon.id,
      n: 5,
      paths: [
        ROUTES.libreville_owendo!,
        ROUTES.owendo_ntoum!,
        join(reverse(ROUTES.libreville_owendo!), ROUTES.owendo_ntoum!, ROUTES.ntoum_kango!),
        join(ROUTES.owendo_ntoum!, ROUTES.ntoum_kango!),
      ],
      kmh: 45,
    });
  }
  if (ogooue) {
    plans.push({
      company: ogooue.id,
      n: 3,
      paths: [
        ROUTES.pog_port_cap!,
        ROUTES.pog_port_sud!,
        join(reverse(ROUTES.pog_port_sud!), ROUTES.pog_port_cap!),
      ],
      kmh: 35,
    });
  }

  for (const plan of plans) {
    const own = scoped(db, { entrepriseId: plan.company });
    // The course in transit of the first company gets its vehicle's device first.
    const [enTransit] =
      plan.company === transgabon?.id
        ? await own
            .select({ id: courses.id, vehicule_id: courses.vehicule_id })
            .from(courses)
            .where(eq(courses.statut, 'Transport en cours'))
            .orderBy(asc(courses.id))
            .limit(1)
        : [];
    const fleet = await own
      .select({ id: vehicules.id, plaque: vehicules.plaque })
      .from(vehicules)
      .orderBy(asc(vehicules.id));
    const chosen = [
      ...fleet.filter((v) => v.id === enTransit?.vehicule_id),
      ...fleet.filter((v) => v.id !== enTransit?.vehicule_id),
    ].slice(0, plan.n);
    const devices = await own
      .insert(appareils)
      .values(
        chosen.map((v, i) => {
          const imei = i % 3 === 2;
          let id = identifiant(r, imei);
          while (taken.has(id)) id = identifiant(r, imei);
          taken.add(id);
          return {
            nom: `${imei ? 'Balise' : 'Téléphone'} ${v.plaque}`,
            identifiant: id,
            vehicule_id: v.id,
          };
        }),
      )
      .returning({ id: appareils.id, vehicule_id: appareils.vehicule_id });
    seeded.push(...devices.map((d) => ({ ...d, entreprise_id: plan.company })));

    devices.forEach((device, i) => {
      const transit = enTransit && device.vehicule_id === enTransit.vehicule_id;
      const fixes: Fix[] = [];
      for (const offset of [-2, -1]) {
        fixes.push(
          ...workday(r, plan.paths[(i + offset + 2) % plan.paths.length]!, utcDay(now, offset), plan.kmh),
        );
      }
      if (!transit) {
        fixes.push(
          ...workday(r, plan.paths[i % plan.paths.length]!, utcDay(now, 0), plan.kmh).filter(
            (f) => f.t < now,
          ),
        );
      }
      const battery = r.int(35, 95);
      for (const f of fixes) {
        rows.push({
          appareil_id: device.id,
          entreprise_id: plan.company,
          heure: new Date(f.t).toISOString(),
          recu_le: new Date(Math.min(now, f.t + r.int(1, 4) * 1000)).toISOString(),
          latitude: Math.round(f.lat * 1e6) / 1e6,
          longitude: Math.round(f.lng * 1e6) / 1e6,
          vitesse: f.v,
          cap: f.cap,
          precision: r.int(4, 25),
          batterie: battery,
          en_charge: false,
        });
      }
    });

    if (enTransit && transgabon)
      await seedCourseEnTransit(db, r, plan.company, enTransit, devices, rows, now);
  }

  // One JSON parameter per 5,000 rows: PGlite reads it twice as fast as it binds 55,000 parameters.
  for (let i = 0; i < rows.length; i += 5_000) {
    await db.execute(
      sql`insert into ${positions} (appareil_id, entreprise_id, heure, recu_le, latitude, longitude, vitesse, cap, precision, batterie, en_charge)
          select appareil_id, entreprise_id, heure, recu_le, latitude, longitude, vitesse, cap, precision, batterie, en_charge
          from json_populate_recordset(null::positions, ${JSON.stringify(rows.slice(i, i + 5_000))})
          on conflict do nothing`,
    );
  }
  // Zones at the ends of the demo routes, so the time-on-site report has visits (no random draw).
  const cercle = (nom: string, categorie: ZoneCategorie, [latitude, longitude]: LatLng, rayon_m: number) => ({
    nom,
    categorie,
    type: 'cercle' as const,
    latitude,
    longitude,
    rayon_m,
  });
  if (transgabon) {
    const [lat, lng] = ROUTES.ntoum_kango!.at(-1)!;
    const d = 0.004;
    const points: [number, number][] = [
      [lat - d, lng - d],
      [lat - d, lng + d],
      [lat + d, lng + d],
      [lat + d, lng - d],
    ];
    await scoped(db, { entrepriseId: transgabon.id })
      .insert(zones)
      .values([
        cercle('Dépôt de Libreville', 'Dépôt', ROUTES.libreville_owendo![0]!, 300),
        cercle("Port d'Owendo", 'Port', ROUTES.libreville_owendo!.at(-1)!, 400),
        cercle('Pont-bascule de Ntoum', 'Pont-bascule', ROUTES.owendo_ntoum!.at(-1)!, 250),
        {
          nom: 'Chantier de Kango',
          categorie: 'Site client',
          type: 'polygone',
          latitude: lat,
          longitude: lng,
          points,
        },
      ]);
  }
  if (ogooue) {
    await scoped(db, { entrepriseId: ogooue.id })
      .insert(zones)
      .values([cercle('Port de Port-Gentil', 'Port', ROUTES.pog_port_cap![0]!, 400)]);
  }

  await seedEvenements(db, seeded, rows);

  // A phone being set up: it reports, nobody registered it yet ('Appareil inconnu').
  await db.insert(appareilsInconnus).values({
    identifiant: String(r.int(100_000, 999_999)),
    vu_fois: 4,
    premiere_vue: new Date(now - 12 * 60_000).toISOString(),
    derniere_vue: new Date(now - 60_000).toISOString(),
  });
}

/**
 * The demo course in transit: loaded at the port of Owendo this morning, on the N1 to Lambaréné, now
 * between Ntoum and Kango. Its coordinates, its vehicle's track ending now, its two events.
 */
async function seedCourseEnTransit(
  db: Db,
  r: Rng,
  entrepriseId: number,
  course: { id: number; vehicule_id: number },
  devices: Array<{ id: number; vehicule_id: number | null }>,
  rows: Array<typeof positions.$inferInsert>,
  now: number,
) {
  const device = devices.find((d) => d.vehicule_id === course.vehicule_id);
  if (!device) return;
  // Where it is now: two thirds of the way from Ntoum to Kango.
  const ntoumKango = ROUTES.ntoum_kango!;
  const here = ntoumKango.slice(0, 9);
  const travelled = join(ROUTES.owendo_ntoum!, here);
  // Lay the trip out from an arbitrary start, then shift it so its last fix is now.
  const arrive = 0;
  const loading = park(r, OWENDO_PORT, arrive, 75);
  const trip = drive(r, travelled, loading.end, 50);
  const approach = drive(r, reverse(ROUTES.libreville_owendo!), arrive - 35 * 60_000, 40);
  const shift = now - trip.end;
  const fixes = [...approach.fixes.slice(0, -1), ...loading.fixes, ...trip.fixes].map((f) => ({
    ...f,
    t: Math.round(f.t + shift),
  }));
  // The last fix is a moving one, a few seconds ago.
  const last = fixes.at(-1)!;
  last.v = 52;
  last.cap = bearing(here.at(-2)!, here.at(-1)!);
  for (const f of fixes) {
    rows.push({
      appareil_id: device.id,
      entreprise_id: entrepriseId,
      heure: new Date(f.t).toISOString(),
      recu_le: new Date(Math.min(now, f.t + 2000)).toISOString(),
      latitude: Math.round(f.lat * 1e6) / 1e6,
      longitude: Math.round(f.lng * 1e6) / 1e6,
      vitesse: f.v,
      cap: f.cap,
      precision: r.int(4, 15),
      batterie: 71,
      en_charge: true,
    });
  }
  const arrivee = arrive + shift;
  const depart = loading.end + shift;
  const villeIds = await db
    .select({ id: villes.id, code: villes.code })
    .from(villes)
    .where(inArray(villes.code, ['OWE', 'LBQ']));
  const ville = (code: string) => villeIds.find((v) => v.code === code)?.id;
  const own = scoped(db, { entrepriseId });
  await own
    .update(courses)
    .set({
      ...(ville('OWE') && ville('LBQ')
        ? { ville_depart_id: ville('OWE')!, ville_arrivee_id: ville('LBQ')!, trajet_id: null }
        : {}),
      adresse_chargement: 'Port d’Owendo, terminal à conteneurs',
      adresse_dechargement: 'Lambaréné, quartier Isaac, entrepôt SOGAFRIC',
      chargement_lat: OWENDO_PORT[0],
      chargement_lng: OWENDO_PORT[1],
      dechargement_lat: LAMBARENE[0],
      dechargement_lng: LAMBARENE[1],
      date_chargement: new Date(arrivee + 15 * 60_000).toISOString(),
      date_chargement_reelle: new Date(arrivee + 20 * 60_000).toISOString(),
      date_depart_reelle: new Date(depart + 5 * 60_000).toISOString(),
      date_dechargement: new Date(now + 4 * 3600_000).toISOString(),
      created_at: new Date(arrivee - 2 * DAY).toISOString(),
    })
    .where(eq(courses.id, course.id));
  const point = (t: number) =>
    fixes.reduce((best, f) => (Math.abs(f.t - t) < Math.abs(best.t - t) ? f : best));
  const events = [
    ['Arrivé au chargement', arrivee + 60_000],
    ['Parti du chargement', depart + 4 * 60_000],
  ] as const;
  await own.insert(courseEvenements).values(
    events.map(([type, t]) => {
      const p = point(t);
      return {
        course_id: course.id,
        appareil_id: device.id,
        type,
        heure: new Date(p.t).toISOString(),
        latitude: Math.round(p.lat * 1e6) / 1e6,
        longitude: Math.round(p.lng * 1e6) / 1e6,
      };
    }),
  );
}

/**
 * The demo's GPS events: its tracks evaluated as the ingest evaluates them (alertes.ts) with the default
 * thresholds, the first vehicle of each company limited to 55 km/h (so the report shows overspeeding), each
 * event's place its zone. No notification: nobody chose an alert yet.
 */
async function seedEvenements(
  db: SeedContext['db'],
  devices: Array<{ id: number; entreprise_id: number; vehicule_id: number | null }>,
  rows: Array<typeof positions.$inferInsert>,
): Promise<void> {
  // Vehicle → its company, for the first vehicle of each company.
  const limites = new Map<number, number>();
  for (const d of devices) {
    if (!d.vehicule_id || [...limites.values()].includes(d.entreprise_id)) continue;
    limites.set(d.vehicule_id, d.entreprise_id);
    await scoped(db, { entrepriseId: d.entreprise_id })
      .update(vehicules)
      .set({ vitesse_max_kmh: 55 })
      .where(eq(vehicules.id, d.vehicule_id));
  }
  const zonesDe = new Map<number, ZoneAlerte[]>();
  const events: Array<typeof gpsEvenements.$inferInsert> = [];
  for (const d of devices) {
    if (!zonesDe.has(d.entreprise_id)) {
      const zs = await scoped(db, { entrepriseId: d.entreprise_id }).select().from(zones);
      zonesDe.set(
        d.entreprise_id,
        zs.map((z) => ({ id: z.id, nom: z.nom, geo: zoneGeo(z) })),
      );
    }
    const zs = zonesDe.get(d.entreprise_id)!;
    const seuils: SeuilsAlertes = {
      vitesseMaxKmh: d.vehicule_id && limites.has(d.vehicule_id) ? 55 : ALERTES_DEFAUTS.vitesse_max_kmh,
      arretMinutes: ALERTES_DEFAUTS.arret_alerte_minutes,
      ralentiMinutes: ALERTES_DEFAUTS.ralenti_alerte_minutes,
      vitesseMouvementKmh: PARAMETRES_DEFAUTS.vitesse_mouvement_kmh,
    };
    const etat = etatVide();
    const fixes = rows.filter((p) => p.appareil_id === d.id).sort((a, b) => a.heure.localeCompare(b.heure));
    for (const p of fixes) {
      const found = evaluerFix(
        etat,
        {
          heure: p.heure,
          latitude: p.latitude,
          longitude: p.longitude,
          vitesse: p.vitesse ?? null,
          contact: null,
        },
        seuils,
        zs,
      );
      for (const a of found) {
        const zone = a.zone ?? dansUneZone(zs, a.latitude, a.longitude);
        events.push({
          entreprise_id: d.entreprise_id,
          appareil_id: d.id,
          vehicule_id: d.vehicule_id,
          type: a.type,
          heure: a.heure,
          latitude: a.latitude,
          longitude: a.longitude,
          lieu: zone?.nom ?? null,
          details: a.details,
          ref: a.zone?.id ?? 0,
          zone_id: zone?.id ?? null,
        });
      }
    }
  }
  if (events.length) await db.insert(gpsEvenements).values(events).onConflictDoNothing();
}
