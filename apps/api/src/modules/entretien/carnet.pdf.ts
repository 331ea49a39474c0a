import { formatDate, formatMoney, formatNumber, PLAN_ETAT_LIBELLES } from '@yams/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import type { Scope } from '../../plugins/auth';
import type { Rapport, SectionRapport } from '../accounting/rapport';
import { rapportPdf } from '../accounting/rapport.pdf';
import { interventionLignes, interventions } from '../fleet/fleet.table';
import { compteurVehicule } from '../fleet/vehicule-compteur';
import { findVehicule } from '../fleet/vehicules.repository';
import { garages, typesVehicules } from '../reference/reference.table';
import { echeancesPlans } from './echeances';

// The carnet d'entretien of a vehicle: every intervention (day, odometer, garage, services and parts, cost)
// oldest first, its total, and the due points of its maintenance plans; printed by the reports' one PDF
// renderer (accounting/rapport.pdf.ts: the company's letterhead, page numbers).

const km = (n: number | null) => (n === null ? null : `${formatNumber(n)} km`);

export async function carnetPdf(db: Db, scope: Scope, dataDir: string, vehiculeId: number): Promise<Buffer> {
  const v = await findVehicule(db, scope, vehiculeId);
  const s = scoped(db, { entrepriseId: v.entreprise_id });
  const rows = await s
    .select({
      id: interventions.id,
      type: interventions.type,
      debut: interventions.date_debut,
      fin: interventions.date_fin,
      statut: interventions.statut,
      kilometrage: interventions.kilometrage,
      montant: interventions.montant,
      description: interventions.description,
      garage: garages.nom,
    })
    .from(interventions)
    .leftJoin(garages, eq(garages.id, interventions.garage_id))
    .where(eq(interventions.vehicule_id, v.id))
    .orderBy(asc(interventions.date_debut), asc(interventions.id));
  const lignes = rows.length
    ? await db
        .select()
        .from(interventionLignes)
        .where(
          inArray(
            interventionLignes.intervention_id,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(interventionLignes.position), asc(interventionLignes.id))
    : [];
  const [type] = v.type_vehicule_id
    ? await db
        .select({ libelle: typesVehicules.libelle })
        .from(typesVehicules)
        .where(eq(typesVehicules.id, v.type_vehicule_id))
    : [];
  const total = rows.reduce((n, r) => n + r.montant, 0);

  const sections: SectionRapport[] = [
    {
      titre: 'Interventions',
      colonnes: [
        { titre: 'Date', largeur: 1.1 },
        { titre: 'N°', largeur: 0.5 },
        { titre: 'Type', largeur: 1 },
        { titre: 'Garage', largeur: 1.4 },
        { titre: 'Kilométrage', largeur: 1.1 },
        { titre: 'Services et pièces', largeur: 3 },
        { titre: 'Coût', largeur: 1.2, format: 'montant' },
      ],
      lignes: rows.length
        ? [
            ...rows.map((r) => {
              const l = lignes.filter((x) => x.intervention_id === r.id);
              const detail = l.length
                ? l.map((x) => `${x.libelle}${x.qte > 1 ? ` × ${x.qte}` : ''}`).join(', ')
                : (r.description ?? '—');
              return {
                cellules: [
                  r.fin && r.fin !== r.debut
                    ? `${formatDate(r.debut)} – ${formatDate(r.fin)}`
                    : formatDate(r.debut),
                  String(r.id),
                  r.statut === 'Brouillon' ? `${r.type} (brouillon)` : r.type,
                  r.garage,
                  km(r.kilometrage),
                  detail,
                  r.montant,
                ],
              };
            }),
            {
              cellules: ['Total', null, null, null, null, `${rows.length} intervention(s)`, total],
              style: 'total',
            },
          ]
        : [{ cellules: ['Aucune intervention enregistrée.', null, null, null, null, null, null] }],
    },
  ];
  const plans = await echeancesPlans(db, { entrepriseId: v.entreprise_id }, { vehicule: v.id });
  if (plans.length) {
    sections.push({
      titre: "Plans d'entretien",
      colonnes: [
        { titre: 'Entretien', largeur: 1.6 },
        { titre: 'Intervalle', largeur: 1.4 },
        { titre: 'Dernier', largeur: 1.6 },
        { titre: 'Prochaine échéance', largeur: 1.8 },
        { titre: 'État', largeur: 1.4 },
      ],
      lignes: plans.map((p) => ({
        cellules: [
          p.libelle,
          p.intervalle,
          p.dernier
            ? [formatDate(p.dernier.date), km(p.dernier.kilometrage)].filter(Boolean).join(' · ')
            : '—',
          [p.prochaine_date ? formatDate(p.prochaine_date) : null, km(p.prochain_km)]
            .filter(Boolean)
            .join(' ou ') || '—',
          `${PLAN_ETAT_LIBELLES[p.etat]} (${p.texte})`,
        ],
      })),
    });
  }
  const compteur =
    (await compteurVehicule()(db, { entrepriseId: v.entreprise_id }, v.id))?.kilometrage ?? null;
  const rapport: Rapport = {
    titre: "CARNET D'ENTRETIEN",
    sousTitre: `${v.plaque} · ${[v.marque, v.modele].filter(Boolean).join(' ')}`,
    destinataire: {
      titre: 'Véhicule',
      lignes: [
        v.plaque,
        [type?.libelle, v.annee ? `année ${v.annee}` : null].filter(Boolean).join(', '),
        compteur !== null ? `Compteur : ${formatNumber(compteur)} km` : '',
        `Coût total des interventions : ${formatMoney(total)}`,
      ].filter(Boolean),
    },
    sections,
    paysage: true,
    fichier: `carnet-${v.plaque}`,
  };
  return rapportPdf(db, v.entreprise_id, dataDir, rapport);
}
