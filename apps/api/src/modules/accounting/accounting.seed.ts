import {
  addDays,
  COMPTES,
  type MODES_PAIEMENT,
  NATURES_PIECE_DE_CAISSE,
  type NaturePieceDeCaisse,
  todayInGabon,
  tresorerieDuMode,
} from '@yams/shared';
import { and, asc, eq, notExists, sql } from 'drizzle-orm';
import { users } from '../../db/core.table';
import { scoped } from '../../db/scoped';
import { scopeOf } from '../../plugins/auth';
import type { SeedContext } from '../module';
import { courses } from '../operations/operations.table';
import { articles, fournisseurs, villes } from '../reference/reference.table';
import { achats, coursesFacturees, factures } from './accounting.table';
import { createAchat, createReglementAchat, validateAchat } from './achats.service';
import { createPiece, setPieceActive } from './caisses.service';
import { createAvoir, createFacture, createReglement, validateFacture } from './factures.service';

// A year of accounting per demo company, written through the same services as the API so the journals
// hold exactly the postings these documents imply: invoices (pro forma, definitive from courses, some
// settled, one credit note), purchases, cash vouchers, and the postings of the payments the operations seed
// recorded as validated.

type Mode = (typeof MODES_PAIEMENT)[number];

/**
 * The validated payments of the operations seed (courses not invoiced: advances on 4191, as
 * `posterPaiement` posts them), posted in two statements (Banque, Caisse or mobile money
 * by mode, as `tresorerieDuMode` decides for a single payment). Raw SQL on purpose: thousands of rows in one
 * INSERT … SELECT each, which the scoped builder does not express; both filter on the company.
 */
async function posterPaiementsSeed(ctx: SeedContext, entrepriseId: number) {
  const especes = tresorerieDuMode('Espèces');
  const mobile = tresorerieDuMode('Airtel Money');
  const banque = tresorerieDuMode('Virement');
  await ctx.db.execute(sql`
    insert into ecritures (entreprise_id, date_operation, type, libelle, piece, source_type, source_id)
    select p.entreprise_id, p.date_operation,
      case when p.mode = 'Espèces' then ${especes.journal} when p.mode ilike '%money%' then ${mobile.journal} else ${banque.journal} end,
      left(case when position(c.code in p.libelle) > 0 then p.libelle else p.libelle || ' (' || c.code || ')' end, 255), c.code, 'paiement', p.id
    from paiements p join courses c on c.id = p.course_id
    where p.entreprise_id = ${entrepriseId} and p.statut = 'Validé'
    order by p.date_operation, p.id`);
  await ctx.db.execute(sql`
    insert into ecriture_lignes (ecriture_id, entreprise_id, date_operation, compte, libelle, debit, credit, tiers_id)
    select e.id, e.entreprise_id, e.date_operation, x.compte, e.libelle, x.debit, x.credit, x.tiers_id
    from ecritures e join paiements p on p.id = e.source_id
    cross join lateral (values
      (case when p.mode = 'Espèces' then ${especes.compte} when p.mode ilike '%money%' then ${mobile.compte} else ${banque.compte} end, p.montant, 0, null::integer),
      (${COMPTES.clientsAvances}, 0, p.montant, p.client_id)
    ) as x(compte, debit, credit, tiers_id)
    where e.entreprise_id = ${entrepriseId} and e.source_type = 'paiement'
    order by e.id`);
}

const CONDITIONS = 'Paiement à 30 jours fin de mois, par virement ou chèque à l’ordre de la société.';
const MENTIONS = 'TPS retenue à la source par le client (CGI, art. 251 et suivants).';

export async function seedAccounting(ctx: SeedContext): Promise<void> {
  const { db, r } = ctx;
  const today = todayInGabon();
  const start = addDays(today, -360);
  for (const company of ctx.companies) {
    const own = scoped(db, { entrepriseId: company.id });
    const [user] = await own.select().from(users).where(eq(users.id, company.id));
    const scope = scopeOf(user!);
    await posterPaiementsSeed(ctx, company.id);

    // Invoices: finished, unpaid courses grouped by client and month, billed with the Gabonese taxes.
    const billables = await own
      .select({
        id: courses.id,
        code: courses.code,
        client_id: courses.client_id,
        montant: courses.montant,
        date: sql<string>`to_char(${courses.date_chargement} at time zone 'Africa/Libreville', 'YYYY-MM-DD')`,
        depart: sql<string>`(select ${villes.libelle} from ${villes} where ${villes.id} = ${courses.ville_depart_id})`,
        arrivee: sql<string>`(select ${villes.libelle} from ${villes} where ${villes.id} = ${courses.ville_arrivee_id})`,
      })
      .from(courses)
      .where(
        and(
          eq(courses.statut, 'Terminé'),
          eq(courses.etat, 'Non payé'),
          sql`${courses.date_chargement} >= ${`${start}T00:00:00+01:00`}`,
          notExists(
            db.select({ x: sql`1` }).from(coursesFacturees).where(eq(coursesFacturees.course_id, courses.id)),
          ),
        ),
      )
      .orderBy(asc(courses.date_chargement));
    const groups = new Map<string, typeof billables>();
    for (const c of billables) {
      const key = `${c.client_id}:${c.date.slice(0, 7)}`;
      groups.set(key, [...(groups.get(key) ?? []), c]);
    }
    let avoirFait = false;
    let n = 0;
    // Nine invoices spread over the year.
    const all = [...groups.values()];
    const step = Math.max(1, Math.floor(all.length / 9));
    for (const group of all.filter((_, i) => i % step === 0).slice(0, 9)) {
      const last = group.at(-1)!;
      const date = addDays(last.date, 2) > today ? today : addDays(last.date, 2);
      const id = await createFacture(db, scope, {
        date_operation: date,
        type: 'Normale',
        client_id: last.client_id,
        expirable: false,
        date_expiration: null,
        appliquer_tva: true,
        taux_tva: 18,
        appliquer_tps: true,
        taux_tps: 9.5,
        appliquer_css: true,
        taux_css: 1,
        appliquer_reduction: n % 5 === 0,
        reduction: n % 5 === 0 ? 10_000 : undefined,
        lignes: [
          {
            description: `Transports de ${date.slice(5, 7)}/${date.slice(0, 4)}`,
            isTitle: true,
            course_id: null,
          },
          ...group.map((c) => ({
            description: `${c.code} ${c.depart} – ${c.arrivee} (${c.date.split('-').reverse().join('/')})`,
            isTitle: false,
            qte: 1,
            prix_unitaire: c.montant,
            reduction: 0,
            course_id: c.id,
          })),
        ],
        conditions: CONDITIONS,
        mentions: MENTIONS,
      });
      n++;
      if (n % 6 === 5) continue; // a few definitive drafts stay to be validated
      await validateFacture(db, scope, id);
      const roll = r.next();
      const mode: Mode = r.pick(['Virement', 'Virement', 'Chèque', 'Airtel Money', 'Moov Money', 'Espèces']);
      if (!avoirFait && n >= 3) {
        await createAvoir(db, scope, id, {
          date_operation: addDays(date, 5) > today ? today : addDays(date, 5),
          motif: 'Avoir pour retard de livraison',
          lignes: [
            {
              description: 'Geste commercial : retard de livraison',
              isTitle: false,
              qte: 1,
              prix_unitaire: 25_000,
              reduction: 0,
              course_id: null,
            },
          ],
        });
        avoirFait = true;
      } else if (roll < 0.55) {
        const [f] = await own
          .select({ net: factures.net_a_payer, regle: factures.montant_regle })
          .from(factures)
          .where(eq(factures.id, id));
        const reste = f!.net - f!.regle;
        await createReglement(db, scope, id, {
          date_operation: addDays(date, r.int(5, 25)) > today ? today : addDays(date, r.int(5, 25)),
          mode,
          montant: reste,
          reference: null,
        });
      } else if (roll < 0.75) {
        await createReglement(db, scope, id, {
          date_operation: addDays(date, 10) > today ? today : addDays(date, 10),
          mode,
          montant: Math.floor(
            (await own.select({ net: factures.net_a_payer }).from(factures).where(eq(factures.id, id)))[0]!
              .net / 2,
          ),
          reference: null,
        });
      }
    }
    // Pro formas: quotes sent to clients; some accepted (validated → a definitive draft).
    for (let i = 0; i < 4; i++) {
      const date = addDays(start, 30 + i * 80);
      const id = await createFacture(db, scope, {
        date_operation: date,
        type: 'Pro forma',
        client_id: billables[i % Math.max(1, billables.length)]?.client_id ?? company.staff.client![0]!,
        expirable: true,
        date_expiration: addDays(date, 30),
        appliquer_tva: true,
        taux_tva: 18,
        appliquer_tps: true,
        taux_tps: 9.5,
        appliquer_css: true,
        taux_css: 1,
        appliquer_reduction: false,
        lignes: [
          {
            description: 'Transport de conteneurs 40 pieds Owendo – Franceville',
            isTitle: false,
            qte: 2 + i,
            prix_unitaire: 1_150_000,
            reduction: 0,
            course_id: null,
          },
          {
            description: 'Escorte et assurance marchandise',
            isTitle: false,
            qte: 1,
            prix_unitaire: 180_000,
            reduction: 0,
            course_id: null,
          },
        ],
        conditions: 'Offre valable 30 jours.',
        mentions: null,
      });
      if (i % 2 === 0) await validateFacture(db, scope, id);
    }

    // Purchases of spare parts and supplies: most validated (stock goes up), some settled.
    const arts = await own.select().from(articles).limit(8);
    const fours = await own.select().from(fournisseurs);
    const acheteurs = company.staff.agent?.length ? company.staff.agent : [company.id];
    for (let i = 0; i < 8 && arts.length && fours.length; i++) {
      const date = addDays(start, 10 + i * 42);
      const a1 = arts[i % arts.length]!;
      const a2 = arts[(i + 3) % arts.length]!;
      const id = await createAchat(db, scope, {
        date_operation: date,
        acheteur_id: r.pick(acheteurs),
        fournisseur_id: fours[i % fours.length]!.id,
        appliquer_tva: true,
        taux_tva: 18,
        // Gabonese supplier invoices carry the CSS; one in two has a line at the reduced TVA rate.
        appliquer_css: i % 2 === 0,
        taux_css: 1,
        lignes: [
          {
            article_id: a1.id,
            description: null,
            qte: r.int(2, 10),
            prix_unitaire: a1.prix_unitaire,
            taux_tva: i % 2 === 1 ? 10 : null,
          },
          { article_id: a2.id, description: null, qte: r.int(1, 4), prix_unitaire: a2.prix_unitaire },
          ...(i % 3 === 0
            ? [
                {
                  article_id: null,
                  description: 'Transport des pièces depuis le fournisseur',
                  qte: 1,
                  prix_unitaire: 15_000,
                },
              ]
            : []),
        ],
      });
      if (i === 7) continue;
      await validateAchat(db, scope, id);
      if (i % 3 !== 2) {
        const [row] = await own.select({ montant: achats.montant }).from(achats).where(eq(achats.id, id));
        const montant = Number(row!.montant);
        await createReglementAchat(db, scope, id, {
          date_operation: addDays(date, 7),
          mode: i % 2 ? 'Chèque' : 'Virement',
          montant: i % 4 === 1 ? Math.floor(montant / 2) : montant,
          reference: null,
        });
      }
    }

    // Petty cash: fuel, tolls, small supplies; one voucher disabled (its posting reversed).
    const motifs: Array<[string, string, number, NaturePieceDeCaisse]> = [
      ['Carburant', 'Station Total Owendo', 45_000, 'carburant'],
      ['Péage et taxes de route', 'Trésor public', 12_000, 'peage'],
      ['Fournitures de bureau', 'Librairie Saint-Exupéry', 18_500, 'fournitures'],
      ['Frais de mission chauffeur', 'Chauffeur', 25_000, 'frais_de_route'],
      ['Eau et collations dépôt', 'Mbolo', 9_800, 'divers'],
      ['Réparation pneumatique', 'Vulcanisateur PK8', 15_000, 'entretien'],
    ];
    const decaisseur = company.domain.startsWith('transgabon') ? 'Caissière Nzé' : 'Caissier Mbadinga';
    for (let i = 0; i < 12; i++) {
      const [libelle, beneficiaire, base, nature] = motifs[i % motifs.length]!;
      const montant = base + r.int(0, 10) * 500;
      const id = await createPiece(db, scope, {
        date_operation: addDays(start, 5 + i * 28),
        beneficiaire,
        decaisseur,
        montant,
        libelle,
        nature,
        // The TVA of a receipt at 18 % where the nature lets it be recovered (its TTC × 18/118).
        tva: NATURES_PIECE_DE_CAISSE[nature].compteTva ? Math.round((montant * 18) / 118) : 0,
        motif: `<p>${libelle} : justificatif n° ${1000 + i} <strong>agrafé</strong> au registre de caisse.</p>`,
        entreprise_id: null,
      });
      if (i === 5) await setPieceActive(db, scope, id, false);
    }
  }
}
