import { PARAMETRES_DEFAUTS, type ParametresEntreprise, type ParametresEntrepriseBody } from '@yams/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { AppError } from '../../lib/errors';
import { transaction } from '../../lib/transaction';
import { parametresEntreprise } from './entreprise.table';

export const entrepriseNotFound = () =>
  new AppError('entreprise.not_found', 404, ["Cette entreprise n'existe pas."]);

/** A company is a transporteur account that is its own entreprise. */
const isCompany = and(
  eq(users.type, 'transporteur'),
  sql`coalesce(${users.entreprise_id}, ${users.id}) = ${users.id}`,
);

/**
 * The company's settings: its saved row, or the defaults with the identity of its account
 * (nom, adresse, telephone, email) while it has none; a blank identity field also falls back to the account.
 */
export async function getParametres(db: Db, entrepriseId: number): Promise<ParametresEntreprise> {
  // The company's own account ('own' reach of users: itself and the accounts it created).
  const [found] = await scoped(db, { entrepriseId })
    .select({ user: users, p: parametresEntreprise })
    .from(users, 'own')
    .leftJoin(parametresEntreprise, eq(parametresEntreprise.entreprise_id, users.id))
    .where(and(eq(users.id, entrepriseId), isCompany));
  if (!found) throw entrepriseNotFound();
  const { user, p } = found;
  const nomCompte = [user.nom, user.prenom].filter(Boolean).join(' ') || user.name;
  return {
    entreprise_id: user.id,
    raison_sociale: p?.raison_sociale || nomCompte,
    adresse: p?.adresse ?? user.adresse ?? null,
    telephone: p?.telephone ?? user.telephone1 ?? null,
    email: p?.email ?? user.email ?? null,
    nif: p?.nif ?? null,
    rccm: p?.rccm ?? null,
    logo: p?.logo ?? null,
    prefixe_facture: p?.prefixe_facture ?? PARAMETRES_DEFAUTS.prefixe_facture,
    objectif_mensuel: p?.objectif_mensuel ?? PARAMETRES_DEFAUTS.objectif_mensuel,
    delai_en_ligne_min: p?.delai_en_ligne_min ?? PARAMETRES_DEFAUTS.delai_en_ligne_min,
    rayon_arrivee_m: p?.rayon_arrivee_m ?? PARAMETRES_DEFAUTS.rayon_arrivee_m,
    arret_min_minutes: p?.arret_min_minutes ?? PARAMETRES_DEFAUTS.arret_min_minutes,
    trajet_distance_min_m: p?.trajet_distance_min_m ?? PARAMETRES_DEFAUTS.trajet_distance_min_m,
    vitesse_mouvement_kmh: p?.vitesse_mouvement_kmh ?? PARAMETRES_DEFAUTS.vitesse_mouvement_kmh,
    remise_avant_taxes: p?.remise_avant_taxes ?? PARAMETRES_DEFAUTS.remise_avant_taxes,
    delai_paiement: p?.delai_paiement ?? PARAMETRES_DEFAUTS.delai_paiement,
    marge_anomalie_carburant: p?.marge_anomalie_carburant ?? PARAMETRES_DEFAUTS.marge_anomalie_carburant,
    vitesse_max_kmh: p?.vitesse_max_kmh ?? PARAMETRES_DEFAUTS.vitesse_max_kmh,
    arret_alerte_minutes: p?.arret_alerte_minutes ?? PARAMETRES_DEFAUTS.arret_alerte_minutes,
    ralenti_alerte_minutes: p?.ralenti_alerte_minutes ?? PARAMETRES_DEFAUTS.ralenti_alerte_minutes,
    silence_alerte_heures: p?.silence_alerte_heures ?? PARAMETRES_DEFAUTS.silence_alerte_heures,
    updated_at: p?.updated_at ?? null,
  };
}

type Changes = Partial<Omit<ParametresEntrepriseBody, 'logo'>> & { logo?: string | null };

/**
 * Saves the fields given over the current settings (the first save writes the defaults with them).
 * The company's account row is locked so two partial saves never lose one another's fields.
 * Returns the settings and the logo file the change replaced, if any.
 */
export async function saveParametres(
  db: Db,
  entrepriseId: number,
  changes: Changes,
): Promise<{ parametres: ParametresEntreprise; ancienLogo: string | null }> {
  return transaction(db, async (tx) => {
    const t = scoped(tx, { entrepriseId });
    await t.select({ id: users.id }).from(users, 'own').where(eq(users.id, entrepriseId)).for('update');
    const current = await getParametres(tx, entrepriseId);
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    const next = { ...current, ...defined };
    const values = {
      raison_sociale: next.raison_sociale,
      adresse: next.adresse,
      telephone: next.telephone,
      email: next.email,
      nif: next.nif,
      rccm: next.rccm,
      logo: next.logo,
      prefixe_facture: next.prefixe_facture,
      objectif_mensuel: next.objectif_mensuel,
      delai_en_ligne_min: next.delai_en_ligne_min,
      rayon_arrivee_m: next.rayon_arrivee_m,
      arret_min_minutes: next.arret_min_minutes,
      trajet_distance_min_m: next.trajet_distance_min_m,
      vitesse_mouvement_kmh: next.vitesse_mouvement_kmh,
      remise_avant_taxes: next.remise_avant_taxes,
      delai_paiement: next.delai_paiement,
      marge_anomalie_carburant: next.marge_anomalie_carburant,
      vitesse_max_kmh: next.vitesse_max_kmh,
      arret_alerte_minutes: next.arret_alerte_minutes,
      ralenti_alerte_minutes: next.ralenti_alerte_minutes,
      silence_alerte_heures: next.silence_alerte_heures,
    };
    await t
      .insert(parametresEntreprise)
      .values(values)
      .onConflictDoUpdate({
        target: parametresEntreprise.entreprise_id,
        set: { ...values, updated_at: sql`now()` },
      });
    const ancienLogo = current.logo && current.logo !== next.logo ? current.logo : null;
    return { parametres: await getParametres(tx, entrepriseId), ancienLogo };
  });
}
