import {
  type BalanceAgeeOut,
  type EtatsFinanciersOut,
  formatDate,
  formatMoney,
  type GrandLivreOut,
  type ReleveCompteOut,
  TRANCHES_AGE,
} from '@yams/shared';
import type { ColonneRapport, LigneRapport, Rapport } from './rapport';

// Each report of the accountant as a printable `Rapport` (rapport.ts), from the same answer its JSON gives:
// the PDF and the Excel file show what the screen shows.

const periode = (debut: string, fin: string) => `Du ${formatDate(debut)} au ${formatDate(fin)}`;

const colonnesAge: ColonneRapport[] = TRANCHES_AGE.map((t) => ({
  titre: t.libelle,
  largeur: 3,
  format: 'montant',
}));

export function balanceAgeeRapport(b: BalanceAgeeOut): Rapport {
  const montants = (m: BalanceAgeeOut['totaux']) => [...TRANCHES_AGE.map((t) => m[t.cle]), m.total];
  return {
    titre: 'BALANCE ÂGÉE CLIENTS',
    sousTitre: `Au ${formatDate(b.date)}`,
    paysage: true,
    fichier: `balance-agee-${b.date}`,
    sections: [
      {
        colonnes: [
          { titre: 'Client', largeur: 8 },
          ...colonnesAge,
          { titre: 'Total', largeur: 3, format: 'montant' },
        ],
        lignes: [
          ...b.clients.map((c) => ({ cellules: [c.client_nom, ...montants(c)] })),
          { cellules: ['Total', ...montants(b.totaux)], style: 'total' as const },
        ],
      },
    ],
    notes: [
      'Reste dû des factures définitives validées, par nombre de jours écoulés depuis leur échéance (délai de paiement de chaque facture).',
    ],
  };
}

export function releveRapport(r: ReleveCompteOut): Rapport {
  const c = r.client;
  const lignes: LigneRapport[] = [
    {
      cellules: [
        r.date_debut,
        null,
        `Solde au ${formatDate(r.date_debut)}`,
        null,
        null,
        null,
        r.solde_ouverture,
      ],
      style: 'sous-titre',
    },
    ...r.lignes.map((l) => ({
      cellules: [l.date_operation, l.piece, l.libelle, l.date_echeance, l.debit, l.credit, l.solde],
    })),
    {
      cellules: [
        r.date_fin,
        null,
        `Solde au ${formatDate(r.date_fin)}`,
        null,
        r.total_debit,
        r.total_credit,
        r.solde_cloture,
      ],
      style: 'total',
    },
  ];
  const notes = [
    r.solde_cloture > 0
      ? `Solde en notre faveur au ${formatDate(r.date_fin)} : ${formatMoney(r.solde_cloture)}.`
      : r.solde_cloture < 0
        ? `Solde en votre faveur au ${formatDate(r.date_fin)} : ${formatMoney(-r.solde_cloture)}.`
        : `Votre compte est soldé au ${formatDate(r.date_fin)}.`,
  ];
  if (r.non_impute !== 0) {
    notes.push(
      r.non_impute < 0
        ? `Dont ${formatMoney(-r.non_impute)} reçus et non encore imputés sur une facture (acomptes sur courses).`
        : `Dont ${formatMoney(r.non_impute)} restant dus hors factures échues ci-dessus.`,
    );
  }
  notes.push('Sauf erreur ou omission de notre part. Merci de nous signaler toute différence.');
  return {
    titre: 'RELEVÉ DE COMPTE',
    sousTitre: periode(r.date_debut, r.date_fin),
    destinataire: {
      titre: 'Client',
      lignes: [c.nom_complet, ...[c.adresse, c.bp, c.telephone, c.email].filter((x): x is string => !!x)],
    },
    fichier: `releve-${c.nom_complet}-${r.date_debut}-${r.date_fin}`,
    sections: [
      {
        colonnes: [
          { titre: 'Date', largeur: 3, format: 'date' },
          { titre: 'Pièce', largeur: 4 },
          { titre: 'Libellé', largeur: 8 },
          { titre: 'Échéance', largeur: 3, format: 'date' },
          { titre: 'Débit', largeur: 4, format: 'montant' },
          { titre: 'Crédit', largeur: 4, format: 'montant' },
          { titre: 'Solde', largeur: 4.5, format: 'solde' },
        ],
        lignes,
      },
      {
        titre: `Factures restant dues au ${formatDate(r.date_fin)}, par ancienneté`,
        colonnes: [...colonnesAge, { titre: 'Total', largeur: 3, format: 'montant' }],
        lignes: [{ cellules: [...TRANCHES_AGE.map((t) => r.age[t.cle]), r.age.total], style: 'total' }],
      },
    ],
    notes,
  };
}

export function grandLivreRapport(g: GrandLivreOut): Rapport {
  const colonnes: ColonneRapport[] = [
    { titre: 'Date', largeur: 3, format: 'date' },
    { titre: 'Journal', largeur: 3 },
    { titre: 'Pièce', largeur: 3.5 },
    { titre: 'Libellé', largeur: 8 },
    { titre: 'Tiers', largeur: 4.5 },
    { titre: 'Débit', largeur: 3.5, format: 'montant' },
    { titre: 'Crédit', largeur: 3.5, format: 'montant' },
    { titre: 'Solde', largeur: 4, format: 'solde' },
  ];
  const filtre = g.tiers ? ` — ${g.tiers.nom}` : g.compte ? ` — compte ${g.compte}` : '';
  return {
    titre: 'GRAND LIVRE',
    sousTitre: `${periode(g.date_debut, g.date_fin)}${filtre}`,
    paysage: true,
    fichier: `grand-livre${g.compte ? `-${g.compte}` : ''}${g.tiers ? `-${g.tiers.type}-${g.tiers.id}` : ''}-${g.date_debut}-${g.date_fin}`,
    sections: [
      ...g.comptes.map((c) => ({
        titre: `${c.compte} — ${c.libelle}`,
        colonnes,
        lignes: [
          {
            cellules: [g.date_debut, null, null, "Solde d'ouverture", null, null, null, c.solde_ouverture],
            style: 'sous-titre' as const,
          },
          ...c.lignes.map((l) => ({
            cellules: [l.date_operation, l.journal, l.piece, l.libelle, l.tiers, l.debit, l.credit, l.solde],
          })),
          {
            cellules: [
              g.date_fin,
              null,
              null,
              `Total du compte ${c.compte}`,
              null,
              c.total_debit,
              c.total_credit,
              c.solde_cloture,
            ],
            style: 'total' as const,
          },
        ],
      })),
      {
        titre: 'Totaux',
        colonnes: [
          { titre: 'Comptes', largeur: 10 },
          { titre: "Solde d'ouverture", largeur: 4, format: 'solde' },
          { titre: 'Débit', largeur: 4, format: 'montant' },
          { titre: 'Crédit', largeur: 4, format: 'montant' },
          { titre: 'Solde de clôture', largeur: 4, format: 'solde' },
        ],
        lignes: [
          {
            cellules: [
              `${g.comptes.length} compte${g.comptes.length > 1 ? 's' : ''}`,
              g.totaux.solde_ouverture,
              g.totaux.debit,
              g.totaux.credit,
              g.totaux.solde_cloture,
            ],
            style: 'total',
          },
        ],
      },
    ],
  };
}

/** Bilan (actif, passif) and compte de résultat, each with the same period one year earlier. */
export function etatsFinanciersRapport(e: EtatsFinanciersOut): Rapport {
  const n = `Au ${formatDate(e.date_fin)}`;
  const n1 = `Au ${formatDate(e.precedent.date_fin)}`;
  const style = (total: boolean) => (total ? ('total' as const) : undefined);
  const notes = [
    'SYSCOHADA révisé, système normal. Montants en FCFA. Compte de résultat : produits +, charges −.',
  ];
  if (e.exercices_non_clotures.length) {
    notes.push(
      `Exercice(s) non clôturé(s) : ${e.exercices_non_clotures.join(', ')} ; leur résultat est compris dans le résultat net de l'exercice (CJ).`,
    );
  }
  if (!e.bilan.equilibre) notes.push('Attention : le total de l’actif diffère de celui du passif.');
  return {
    titre: 'ÉTATS FINANCIERS',
    sousTitre: periode(e.date_debut, e.date_fin),
    fichier: `etats-financiers-${e.date_debut}-${e.date_fin}`,
    sections: [
      {
        titre: 'Bilan — Actif',
        colonnes: [
          { titre: 'Réf.', largeur: 1.2 },
          { titre: 'Actif', largeur: 7 },
          { titre: 'Brut', largeur: 3.3, format: 'montant' },
          { titre: 'Amort./dépréc.', largeur: 3.3, format: 'montant' },
          { titre: 'Net', largeur: 3.3, format: 'montant' },
          { titre: `Net ${n1.toLowerCase()}`, largeur: 3.3, format: 'montant' },
        ],
        lignes: e.bilan.actif.map((l) => ({
          cellules: [l.ref, l.libelle, l.brut, l.amortissements, l.net, l.net_precedent],
          style: style(l.total),
        })),
      },
      {
        titre: 'Bilan — Passif',
        colonnes: [
          { titre: 'Réf.', largeur: 1.2 },
          { titre: 'Passif', largeur: 14 },
          { titre: n, largeur: 3, format: 'montant' },
          { titre: n1, largeur: 3, format: 'montant' },
        ],
        lignes: e.bilan.passif.map((l) => ({
          cellules: [l.ref, l.libelle, l.montant, l.montant_precedent],
          style: style(l.total),
        })),
      },
      {
        titre: `Compte de résultat — N : ${periode(e.date_debut, e.date_fin).toLowerCase()} ; N-1 : ${periode(e.precedent.date_debut, e.precedent.date_fin).toLowerCase()}`,
        colonnes: [
          { titre: 'Réf.', largeur: 1.2 },
          { titre: 'Libellé', largeur: 14 },
          { titre: 'N', largeur: 3, format: 'montant' },
          { titre: 'N-1', largeur: 3, format: 'montant' },
        ],
        lignes: e.compte_de_resultat.map((l) => ({
          cellules: [l.ref, l.libelle, l.montant, l.montant_precedent],
          style: style(l.total),
        })),
      },
    ],
    notes,
  };
}
