import {
  formatDate,
  formatNumber,
  RENTABILITE_REGLES,
  type RentabiliteCoursesOut,
  type RentabiliteGroupesOut,
  type RentabiliteVehiculesOut,
} from '@yams/shared';
import type { ColonneRapport, Rapport } from '../accounting/rapport';

// The profitability reports as printable `Rapport`s (accounting/rapport.ts): the PDF and the Excel file
// show the screen's tables, from the same answer as the JSON.

const periode = (debut: string, fin: string) => `Du ${formatDate(debut)} au ${formatDate(fin)}`;
const pct = (p: number | null) => (p === null ? null : `${formatNumber(p, 1)} %`);
const montant = (titre: string, largeur = 3): ColonneRapport => ({ titre, largeur, format: 'montant' });
export function coursesRapport(r: RentabiliteCoursesOut): Rapport {
  const t = r.totaux;
  return {
    titre: 'RENTABILITÉ DES COURSES',
    sousTitre: periode(r.date_debut, r.date_fin),
    paysage: true,
    fichier: `rentabilite-courses-${r.date_debut}-${r.date_fin}`,
    sections: [
      {
        colonnes: [
          { titre: 'Course', largeur: 4 },
          { titre: 'Date', largeur: 3, format: 'date' },
          { titre: 'Véhicule', largeur: 3 },
          { titre: 'Chauffeur', largeur: 4 },
          { titre: 'Trajet', largeur: 4 },
          montant('Revenu'),
          montant('Carburant'),
          { titre: 'Source', largeur: 2 },
          montant('Frais'),
          montant('Per diem'),
          montant('Entretien'),
          montant('Marge', 4),
          { titre: 'Marge %', largeur: 3 },
        ],
        lignes: [
          ...r.lignes.map((l) => ({
            cellules: [
              l.code,
              l.date,
              l.vehicule.plaque,
              l.chauffeur?.libelle ?? null,
              l.trajet?.libelle ?? null,
              l.revenu,
              l.carburant,
              l.carburant_source,
              l.frais,
              l.per_diem,
              l.entretien,
              l.marge,
              pct(l.marge_pct),
            ],
          })),
          {
            cellules: [
              `Total (${formatNumber(t.courses)} courses)`,
              null,
              null,
              null,
              null,
              t.revenu,
              t.carburant,
              null,
              t.frais,
              t.per_diem,
              t.entretien,
              t.marge,
              pct(t.marge_pct),
            ],
            style: 'total' as const,
          },
        ],
      },
    ],
    notes: [RENTABILITE_REGLES],
  };
}

export function vehiculesRapport(r: RentabiliteVehiculesOut): Rapport {
  return {
    titre: 'RENTABILITÉ DES VÉHICULES',
    sousTitre: periode(r.date_debut, r.date_fin),
    paysage: true,
    fichier: `rentabilite-vehicules-${r.date_debut}-${r.date_fin}`,
    sections: [
      {
        colonnes: [
          { titre: 'Véhicule', largeur: 3 },
          { titre: 'Mois', largeur: 2 },
          { titre: 'Courses', largeur: 2 },
          montant('Revenu'),
          montant('Carburant'),
          montant('Entretien'),
          montant('Documents'),
          montant('Frais'),
          montant('Marge', 4),
          { titre: 'Marge %', largeur: 3 },
          { titre: 'Km', largeur: 2 },
          montant('Coût / km', 3),
          { titre: 'L/100 km', largeur: 2 },
          { titre: 'Jours', largeur: 2 },
        ],
        lignes: [
          ...r.lignes.map((l) => ({
            cellules: [
              l.vehicule.plaque,
              l.mois,
              l.courses,
              l.revenu,
              l.carburant,
              l.entretien,
              l.documents,
              l.frais,
              l.marge,
              pct(l.marge_pct),
              l.km,
              l.cout_km,
              l.consommation === null ? null : formatNumber(l.consommation, 1),
              l.jours,
            ],
          })),
          {
            cellules: [
              'Total',
              null,
              null,
              r.totaux.revenu,
              null,
              null,
              null,
              null,
              r.totaux.marge,
              pct(r.totaux.marge_pct),
              r.totaux.km,
              r.totaux.cout_km,
              null,
              null,
            ],
            style: 'total' as const,
          },
        ],
      },
    ],
    notes: [
      'Carburant : les pleins du mois. Km : le compteur (pleins et interventions), dernier relevé du mois moins le dernier d’avant ; vide sans relevé. Documents : les documents ne portent pas encore de montant. Jours : jours avec au moins un chargement.',
    ],
  };
}

export const groupesRapport =
  (par: 'chauffeur' | 'trajet') =>
  (r: RentabiliteGroupesOut): Rapport => ({
    titre: par === 'chauffeur' ? 'RENTABILITÉ PAR CHAUFFEUR' : 'RENTABILITÉ PAR TRAJET',
    sousTitre: periode(r.date_debut, r.date_fin),
    paysage: true,
    fichier: `rentabilite-${par}s-${r.date_debut}-${r.date_fin}`,
    sections: [
      {
        colonnes: [
          { titre: par === 'chauffeur' ? 'Chauffeur' : 'Trajet', largeur: 6 },
          { titre: 'Courses', largeur: 2 },
          montant('Revenu'),
          montant('Carburant'),
          montant('Frais'),
          montant('Per diem'),
          montant('Entretien'),
          montant('Marge', 4),
          { titre: 'Marge %', largeur: 3 },
        ],
        lignes: [...r.lignes, { ...r.totaux, libelle: 'Total' }].map((l, i, all) => ({
          cellules: [
            l.libelle,
            l.courses,
            l.revenu,
            l.carburant,
            l.frais,
            l.per_diem,
            l.entretien,
            l.marge,
            pct(l.marge_pct),
          ],
          ...(i === all.length - 1 ? { style: 'total' as const } : {}),
        })),
      },
    ],
    notes: [RENTABILITE_REGLES],
  });
