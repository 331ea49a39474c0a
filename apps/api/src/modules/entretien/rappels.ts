import { PLAN_ETAT_LIBELLES } from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notifications } from '../../db/schema';
import { notify } from '../notifications/notify';
import { echeancesPlans } from './echeances';

/**
 * The day's maintenance reminders (a part of the daily run, `addDailyJob`): each vehicle × plan that is
 * « bientôt » or « en retard » is announced to its company's office once per occurrence and state — the
 * occurrence being the last intervention made for the plan (none yet: 0). Its key says so, and a key
 * already sent is never sent again, read or not.
 */
export async function rappelsPlansEntretien(tx: Db, today: string): Promise<number> {
  let envoyes = 0;
  for (const e of await echeancesPlans(tx, { entrepriseId: null }, { dues: true }, today)) {
    const cle = `plan:${e.plan_id}:${e.vehicule.id}:${e.dernier?.intervention_id ?? 0}:${e.etat}`;
    const [deja] = await tx
      .select({ id: notifications.id })
      .from(notifications)
      .where(eq(notifications.cle, cle))
      .limit(1);
    if (deja) continue;
    const retard = e.etat === 'en_retard';
    await notify(tx, {
      type: 'plan_entretien',
      titre: `${retard ? 'Entretien en retard' : 'Entretien à prévoir'} : ${e.libelle} (${e.vehicule.plaque})`,
      contenu: `${e.libelle} du véhicule ${e.vehicule.plaque} (${PLAN_ETAT_LIBELLES[e.etat].toLowerCase()}) : ${e.texte}.`,
      lien: e.lien_intervention,
      entreprises: [e.entreprise_id],
      cle,
    });
    envoyes++;
  }
  return envoyes;
}
