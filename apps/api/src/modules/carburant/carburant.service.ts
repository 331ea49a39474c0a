import {
  AVANCE_MSG,
  CARBURANT_MSG,
  CHAUFFEUR_TYPES,
  type FichierEnvoye,
  type ImportBody,
  type ImportReport,
  MONTANT_MAX,
  nomComplet,
  numeroAvance,
  PleinBody,
  type PleinUpdateBody,
  plaqueCle,
} from '@yams/shared';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { resolveEntrepriseExistante } from '../../db/tenancy';
import { AppError, fieldErrors } from '../../lib/errors';
import type { StoredFiles } from '../../lib/stored-files';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { justifierAvance } from '../chauffeur/avance-justifiee';
import { photosChauffeur, pleinsCarburant } from '../chauffeur/chauffeur.table';
import { remplacerPhoto } from '../chauffeur/photo-remplacee';
import { vehicules } from '../fleet/fleet.table';
import { courses } from '../operations/operations.table';
import { assertOwnRow } from '../reference/reference.checks';
import { verifierPlein } from './anomalies.service';
import { findPlein } from './carburant.repository';

// The office's writes of fuel fills; each fill written is checked once for anomalies (anomalies.service.ts).

interface Refs {
  vehicule_id: number;
  chauffeur_id?: number | null;
  course_id?: number | null;
}

/** The vehicle, the driver (an account of the company that drives) and the course, of the company. */
async function checkRefs(db: Db, entrepriseId: number, b: Refs) {
  const s = scoped(db, { entrepriseId });
  await assertOwnRow(s, vehicules, b.vehicule_id, 'vehicule_id', CARBURANT_MSG.vehiculeInconnu);
  await assertOwnRow(
    s,
    users,
    b.chauffeur_id,
    'chauffeur_id',
    CARBURANT_MSG.chauffeurInconnu,
    inArray(users.type, [...CHAUFFEUR_TYPES]),
  );
  if (b.course_id) {
    const [c] = await s
      .select({ vehicule_id: courses.vehicule_id })
      .from(courses)
      .where(eq(courses.id, b.course_id));
    if (!c) throw fieldErrors({ course_id: CARBURANT_MSG.courseInconnue });
    if (c.vehicule_id !== null && c.vehicule_id !== b.vehicule_id) {
      throw fieldErrors({ course_id: CARBURANT_MSG.courseAutreVehicule });
    }
  }
}

/** The amount: as given, or litres × price per litre rounded to the franc. */
const montantDe = (litres: number, prix: number | null | undefined, montant: number | null | undefined) =>
  montant || Math.round(litres * (prix ?? 0));

function values(b: PleinBody) {
  return {
    vehicule_id: b.vehicule_id,
    chauffeur_id: b.chauffeur_id ?? null,
    course_id: b.course_id ?? null,
    station: b.station ?? null,
    litres: b.litres,
    prix_litre: b.prix_litre ?? null,
    montant: montantDe(b.litres, b.prix_litre, b.montant),
    kilometrage: b.kilometrage ?? null,
    plein: b.plein_complet,
    mode_paiement: b.mode_paiement ?? null,
    date_plein: b.date,
  };
}

async function inserer(
  tx: Db,
  scope: Scope,
  entrepriseId: number,
  body: PleinBody,
  saisie: 'bureau' | 'import',
) {
  await checkRefs(tx, entrepriseId, body);
  const [row] = await scoped(tx, { entrepriseId })
    .insert(pleinsCarburant)
    .values({ ...values(body), saisie })
    .returning({ id: pleinsCarburant.id });
  await verifierPlein(tx, entrepriseId, row!.id, scope.user.id);
  await justifierAvance()(tx, entrepriseId, 'plein', row!.id);
  return row!.id;
}

/** A fill that justifies an advance keeps its figures, driver and mode (its posting is on them). */
function figeParAvance(current: { avance_id: number | null }, body: PleinUpdateBody | null): void {
  if (current.avance_id === null) return;
  const touche =
    body === null ||
    ['vehicule_id', 'chauffeur_id', 'litres', 'prix_litre', 'montant', 'mode_paiement', 'date'].some(
      (k) => body[k as keyof PleinUpdateBody] !== undefined,
    );
  if (touche)
    throw new AppError('carburant.justifie', 409, [
      AVANCE_MSG.justifieSurAvance(numeroAvance(current.avance_id)),
    ]);
}

export async function createPlein(db: Db, scope: Scope, body: PleinBody): Promise<number> {
  let requested = body.entreprise_id;
  if (!requested && scope.entrepriseId === null) {
    const [v] = await scoped(db, scope)
      .select({ e: vehicules.entreprise_id })
      .from(vehicules)
      .where(eq(vehicules.id, body.vehicule_id));
    if (!v) throw fieldErrors({ vehicule_id: CARBURANT_MSG.vehiculeInconnu });
    requested = v.e;
  }
  const entrepriseId = await resolveEntrepriseExistante(db, scope, requested);
  return transaction(db, (tx) => inserer(tx, scope, entrepriseId, body, 'bureau'));
}

/** Only what is sent changes; the amount is checked against the litres and price as they end up. */
export async function updatePlein(db: Db, scope: Scope, id: number, body: PleinUpdateBody): Promise<void> {
  await transaction(db, async (tx) => {
    const current = await findPlein(tx, scope, id);
    figeParAvance(current, body);
    const merged = {
      vehicule_id: body.vehicule_id ?? current.vehicule_id,
      chauffeur_id: body.chauffeur_id === undefined ? current.chauffeur_id : body.chauffeur_id,
      course_id: body.course_id === undefined ? current.course_id : body.course_id,
    };
    await checkRefs(tx, current.entreprise_id, merged);
    const litres = body.litres ?? current.litres;
    const prix = body.prix_litre === undefined ? current.prix_litre : body.prix_litre;
    // An amount sent is checked; litres or a price sent alone recompute the amount when a price is known.
    let montant = body.montant ?? null;
    if (montant === null && prix && (body.litres !== undefined || body.prix_litre !== undefined)) {
      montant = Math.round(litres * prix);
    }
    if (prix && litres * prix > MONTANT_MAX)
      throw fieldErrors({ prix_litre: CARBURANT_MSG.montantTropEleve });
    if (body.montant !== undefined && !body.montant && !prix) {
      throw fieldErrors({ montant: CARBURANT_MSG.montantOuPrix });
    }
    if (montant && prix && Math.abs(litres * prix - montant) > litres * prix * 0.01) {
      throw fieldErrors({ montant: CARBURANT_MSG.montantIncoherent });
    }
    const set = {
      ...merged,
      ...(body.station !== undefined ? { station: body.station ?? null } : {}),
      litres,
      prix_litre: prix,
      ...(montant ? { montant } : {}),
      ...(body.kilometrage !== undefined ? { kilometrage: body.kilometrage ?? null } : {}),
      ...(body.plein_complet !== undefined ? { plein: body.plein_complet } : {}),
      ...(body.mode_paiement !== undefined ? { mode_paiement: body.mode_paiement ?? null } : {}),
      ...(body.date !== undefined ? { date_plein: body.date } : {}),
      updated_at: sql`now()`,
    };
    await scoped(tx, scope).update(pleinsCarburant).set(set).where(eq(pleinsCarburant.id, id));
    await verifierPlein(tx, current.entreprise_id, id, scope.user.id);
    await justifierAvance()(tx, current.entreprise_id, 'plein', id);
  });
}

/** The fill and its receipt's photo (row and file). */
export async function destroyPlein(db: Db, files: StoredFiles, scope: Scope, id: number): Promise<string> {
  const chemins = await transaction(db, async (tx) => {
    const p = await findPlein(tx, scope, id);
    figeParAvance(p, null);
    const s = scoped(tx, { entrepriseId: p.entreprise_id });
    const photos = await s
      .delete(photosChauffeur)
      .where(and(eq(photosChauffeur.objet, 'carburant'), eq(photosChauffeur.objet_id, id)))
      .returning({ chemin: photosChauffeur.chemin });
    await s.delete(pleinsCarburant).where(eq(pleinsCarburant.id, id));
    return photos.map((ph) => ph.chemin);
  });
  for (const c of chemins) await files.remove(c);
  return 'Le plein de carburant a été supprimé.';
}

/** The receipt's photo joins the fill, or replaces the one it had. */
export async function joindreRecu(
  db: Db,
  files: StoredFiles,
  scope: Scope,
  id: number,
  photo: FichierEnvoye,
): Promise<void> {
  const p = await findPlein(db, scope, id);
  await remplacerPhoto(db, files, p.entreprise_id, 'carburant', id, photo);
}

class RollBack extends Error {}

/**
 * A fuel card's lines: each checked like the form (a vehicle by its plate too), written in one transaction,
 * or none when one line is wrong (`apercu`: checked, never written). Each line's errors in French.
 */
export async function importerPleins(db: Db, scope: Scope, body: ImportBody): Promise<ImportReport> {
  const report: ImportReport = { lignes: body.lignes.length, importees: 0, erreurs: [] };
  const entrepriseId = await resolveEntrepriseExistante(db, scope, null);
  const s = scoped(db, { entrepriseId });
  const parPlaque = new Map(
    (await s.select({ id: vehicules.id, plaque: vehicules.plaque }).from(vehicules)).map((v) => [
      plaqueCle(v.plaque),
      v.id,
    ]),
  );
  // A driver by his name as the export writes it, a course by its code.
  const chauffeurs = await s
    .select({ id: users.id, nom: users.nom, prenom: users.prenom, name: users.name })
    .from(users)
    .where(inArray(users.type, [...CHAUFFEUR_TYPES]));
  const parNom = new Map(chauffeurs.map((c) => [nomComplet(c).toLowerCase(), c.id]));
  const texte = (v: unknown) =>
    typeof v === 'string' && v.trim() !== '' && !/^\d+$/.test(v.trim()) ? v.trim() : null;
  try {
    await transaction(db, async (tx) => {
      for (const [i, line] of body.lignes.entries()) {
        const ligne = body.numeros?.[i] ?? i + 2;
        const messages: string[] = [];
        const values: Record<string, unknown> = { ...line };
        /** The references named in the file that match no row: their own message, not the schema's. */
        const inconnus = new Set<string>();
        const v = values.vehicule_id;
        if (typeof v === 'string' && !/^\d+$/.test(v.trim()) && v.trim() !== '') {
          const id = parPlaque.get(plaqueCle(v));
          if (id) values.vehicule_id = id;
          else {
            messages.push(`${CARBURANT_MSG.vehiculePlaqueInconnue} : « ${v.trim()} ».`);
            delete values.vehicule_id;
            inconnus.add('vehicule_id');
          }
        }
        const nom = texte(values.chauffeur_id);
        if (nom) {
          const id = parNom.get(nom.toLowerCase());
          if (id) values.chauffeur_id = id;
          else {
            messages.push(`${CARBURANT_MSG.chauffeurNomInconnu} : « ${nom} ».`);
            delete values.chauffeur_id;
            inconnus.add('chauffeur_id');
          }
        }
        const code = texte(values.course_id);
        if (code) {
          const [c] = await scoped(tx, { entrepriseId })
            .select({ id: courses.id })
            .from(courses)
            .where(eq(courses.code, code.toUpperCase()));
          if (c) values.course_id = c.id;
          else {
            messages.push(`${CARBURANT_MSG.courseCodeInconnu} : « ${code} ».`);
            delete values.course_id;
            inconnus.add('course_id');
          }
        }
        delete values.entreprise_id;
        const parsed = PleinBody.safeParse(values);
        if (!parsed.success) {
          const champs = parsed.error.issues.filter((iss) => !inconnus.has(String(iss.path[0])));
          messages.push(...new Set(champs.map((iss) => iss.message)));
        } else if (!messages.length) {
          try {
            await tx.transaction((sp) =>
              inserer(sp as unknown as Db, scope, entrepriseId, parsed.data, 'import'),
            );
          } catch (err) {
            if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
            messages.push(...err.errors);
          }
        }
        if (messages.length) report.erreurs.push({ ligne, messages });
      }
      if (report.erreurs.length || body.apercu) throw new RollBack();
      report.importees = report.lignes;
    });
  } catch (err) {
    if (!(err instanceof RollBack)) throw err;
  }
  return report;
}
