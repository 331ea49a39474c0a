import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { type AnyPgColumn, alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { fieldErrors } from '../../lib/errors';
import { trajets, typesMarchandises, villes } from '../reference/reference.table';

// Checks of the rows a course, a payment or a demande points to. A row of another company is refused with
// the same sentence as a missing one.

/** `Ndong Brice`, or the account name when nom and prenom are empty. */
export const nomCompletSql = (t: { nom: AnyPgColumn; prenom: AnyPgColumn; name: AnyPgColumn }) =>
  sql<string>`coalesce(nullif(trim(concat_ws(' ', ${t.nom}, ${t.prenom})), ''), ${t.name})`;

/**
 * A client of the company: an account of type client that it registered or that booked a course with it
 * (the `visible` reach of users, db/scoped.ts). `entrepriseId` null: any client, for a superadmin.
 */
export async function assertClient(tx: Db, entrepriseId: number | null, clientId: number): Promise<void> {
  const [row] = await scoped(tx, { entrepriseId })
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, clientId), eq(users.type, 'client')))
    .limit(1);
  if (!row) throw fieldErrors({ client_id: "Ce client n'existe pas." });
}

/** A driver of the company: its camionneur or coursier, or the independent transporteur itself. */
export async function assertChauffeur(tx: Db, entrepriseId: number, chauffeurId: number): Promise<void> {
  const [row] = await scoped(tx, { entrepriseId })
    .select({ id: users.id })
    .from(users, 'own')
    .where(
      and(
        eq(users.id, chauffeurId),
        or(
          inArray(users.type, ['camionneur', 'coursier']),
          and(eq(users.id, entrepriseId), inArray(users.sous_type, ['camionneur', 'coursier'])),
        ),
      ),
    )
    .limit(1);
  if (!row) throw fieldErrors({ chauffeur_id: "Ce chauffeur n'existe pas." });
}

export interface RefIds {
  ville_depart_id?: number | null;
  ville_arrivee_id?: number | null;
  type_marchandise_id?: number | null;
  trajet_id?: number | null;
}

/** Villes and types de marchandise are platform-wide; trajets belong to the company. */
export async function assertRefs(tx: Db, entrepriseId: number, ids: RefIds): Promise<void> {
  const errors: Record<string, string> = {};
  const villeIds = [ids.ville_depart_id, ids.ville_arrivee_id].filter((v): v is number => !!v);
  if (villeIds.length) {
    const found = new Set(
      (await tx.select({ id: villes.id }).from(villes).where(inArray(villes.id, villeIds))).map((r) => r.id),
    );
    if (ids.ville_depart_id && !found.has(ids.ville_depart_id)) {
      errors.ville_depart_id = "La ville de départ n'existe pas.";
    }
    if (ids.ville_arrivee_id && !found.has(ids.ville_arrivee_id)) {
      errors.ville_arrivee_id = "La ville d'arrivée n'existe pas.";
    }
  }
  if (ids.type_marchandise_id) {
    const [row] = await tx
      .select({ id: typesMarchandises.id })
      .from(typesMarchandises)
      .where(eq(typesMarchandises.id, ids.type_marchandise_id));
    if (!row) errors.type_marchandise_id = "Ce type de marchandise n'existe pas.";
  }
  if (ids.trajet_id) {
    const [row] = await scoped(tx, { entrepriseId })
      .select({ id: trajets.id })
      .from(trajets)
      .where(eq(trajets.id, ids.trajet_id));
    if (!row) errors.trajet_id = "Ce trajet n'existe pas.";
  }
  if (Object.keys(errors).length) throw fieldErrors(errors);
}

interface TrajetCourse {
  trajet_id?: number | null;
  ville_depart_id?: number | null;
  ville_arrivee_id?: number | null;
  montant?: number | null;
}

/**
 * A course on a trajet runs between the trajet's cities: a city that differs is refused on its own field
 * (a trajet without cities constrains nothing). The caller passes the values the course will hold. The
 * answer: the cities and price the course takes, each missing one from the trajet (its cities, and its
 * montant as the suggested price); one that neither gives is asked for on its own field.
 */
export async function assertTrajetVilles<C extends TrajetCourse>(
  tx: Db,
  entrepriseId: number,
  c: C,
  /** The cities kept when neither the course nor its trajet gives one (an update's current cities). */
  repli: TrajetCourse = {},
): Promise<C & { ville_depart_id: number; ville_arrivee_id: number; montant: number }> {
  const t = c.trajet_id ? await trajetOf(tx, entrepriseId, c.trajet_id) : null;
  const errors: Record<string, string> = {};
  if (t?.depart_id && c.ville_depart_id && c.ville_depart_id !== t.depart_id) {
    errors.ville_depart_id = `La ville de départ doit être celle du trajet « ${t.libelle} » : ${t.depart}.`;
  }
  if (t?.arrivee_id && c.ville_arrivee_id && c.ville_arrivee_id !== t.arrivee_id) {
    errors.ville_arrivee_id = `La ville d'arrivée doit être celle du trajet « ${t.libelle} » : ${t.arrivee}.`;
  }
  const complete = {
    ...c,
    ville_depart_id: c.ville_depart_id || t?.depart_id || repli.ville_depart_id || null,
    ville_arrivee_id: c.ville_arrivee_id || t?.arrivee_id || repli.ville_arrivee_id || null,
    montant: c.montant || (t && t.montant > 0 ? t.montant : null),
  };
  const faute = t ? ` (le trajet « ${t.libelle} » ne le précise pas)` : '';
  if (!complete.ville_depart_id) errors.ville_depart_id ??= `La ville de départ est obligatoire${faute}.`;
  if (!complete.ville_arrivee_id) errors.ville_arrivee_id ??= `La ville d'arrivée est obligatoire${faute}.`;
  if (!complete.montant) errors.montant = `Le montant est obligatoire${faute}.`;
  if (Object.keys(errors).length) throw fieldErrors(errors);
  return complete as C & { ville_depart_id: number; ville_arrivee_id: number; montant: number };
}

/** A trajet of the company, with its cities' names. */
async function trajetOf(tx: Db, entrepriseId: number, id: number) {
  const depart = alias(villes, 'trajet_depart');
  const arrivee = alias(villes, 'trajet_arrivee');
  const [t] = await scoped(tx, { entrepriseId })
    .select({
      libelle: trajets.libelle,
      montant: trajets.montant,
      depart_id: trajets.ville_depart_id,
      depart: depart.libelle,
      arrivee_id: trajets.ville_arrivee_id,
      arrivee: arrivee.libelle,
    })
    .from(trajets)
    .leftJoin(depart, eq(depart.id, trajets.ville_depart_id))
    .leftJoin(arrivee, eq(arrivee.id, trajets.ville_arrivee_id))
    .where(eq(trajets.id, id));
  if (!t) throw fieldErrors({ trajet_id: "Ce trajet n'existe pas." });
  return t;
}

/** A joined reference as the API answers it: `{id, libelle}`, or null when the row has none. */
export const refOf = (id: number | null, libelle: string | null) =>
  id && libelle !== null ? { id, libelle } : null;
