import {
  coordonneesTexte,
  formatDate,
  formatDateTime,
  formatNumber,
  type RapportEvenementsOut,
  type RapportResumeOut,
  type RapportZonesOut,
} from '@yams/shared';
import type { Rapport } from '../accounting/rapport';

// The tracking reports as printable `Rapport`s (accounting/rapport.ts): the PDF and the Excel file show the
// screen's tables, from the same answer as the JSON.

const periode = (debut: string, fin: string) => `Du ${formatDate(debut)} au ${formatDate(fin)}`;

/** `2 h 05`, `12 min`: as the screens show it. */
export function duree(seconds: number | null): string | null {
  if (seconds === null) return null;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')}`;
}

const km = (n: number) => `${formatNumber(n, 1)} km`;

export function resumeRapport(r: RapportResumeOut): Rapport {
  const chiffres = [
    { titre: 'Distance', largeur: 3 },
    { titre: 'Conduite', largeur: 3 },
    { titre: 'Arrêts', largeur: 2 },
    { titre: 'Vitesse max.', largeur: 3 },
    { titre: 'Ralenti', largeur: 3 },
    { titre: 'Moteur', largeur: 3 },
    { titre: 'Positions', largeur: 3 },
  ];
  const cellules = (c: RapportResumeOut['vehicules'][number] | RapportResumeOut['conducteurs'][number]) => [
    km(c.distance_km),
    duree(c.duree_conduite_s),
    c.arrets,
    `${c.vitesse_max_kmh} km/h`,
    duree(c.ralenti_s),
    duree(c.moteur_s),
    c.positions,
  ];
  return {
    titre: 'RÉSUMÉ DES VÉHICULES',
    sousTitre: periode(r.date_debut, r.date_fin),
    paysage: true,
    fichier: `resume-${r.date_debut}-${r.date_fin}`,
    sections: [
      {
        titre: 'Par véhicule',
        colonnes: [
          { titre: 'Véhicule', largeur: 5 },
          ...chiffres,
          { titre: 'Jours sans données', largeur: 5 },
        ],
        lignes: [
          ...r.vehicules.map((v) => ({
            cellules: [v.vehicule?.plaque ?? v.appareil.nom, ...cellules(v), v.jours_sans_donnees],
          })),
          {
            cellules: [
              'Total',
              km(r.totaux.distance_km),
              duree(r.totaux.duree_conduite_s),
              r.totaux.arrets,
              `${r.totaux.vitesse_max_kmh} km/h`,
              null,
              null,
              r.totaux.positions,
              null,
            ],
            style: 'total' as const,
          },
        ],
      },
      {
        titre: 'Par conducteur',
        colonnes: [{ titre: 'Conducteur', largeur: 5 }, ...chiffres, { titre: 'Véhicules', largeur: 3 }],
        lignes: r.conducteurs.map((c) => ({
          cellules: [c.conducteur, ...cellules(c), c.vehicules.join(', ')],
        })),
      },
    ],
    notes: [
      'Ralenti : contact mis et véhicule à l’arrêt ; vide quand le traceur ne transmet pas le contact. Conducteur : le badge lu par le traceur, sinon le chauffeur de la course en cours.',
    ],
  };
}

export function zonesRapport(r: RapportZonesOut): Rapport {
  return {
    titre: 'TEMPS SUR SITE',
    sousTitre: periode(r.date_debut, r.date_fin),
    paysage: true,
    fichier: `temps-sur-site-${r.date_debut}-${r.date_fin}`,
    sections: [
      {
        titre: 'Visites',
        colonnes: [
          { titre: 'Zone', largeur: 5 },
          { titre: 'Véhicule', largeur: 3 },
          { titre: 'Client', largeur: 4 },
          { titre: 'Course', largeur: 3 },
          { titre: 'Arrivée', largeur: 3 },
          { titre: 'Départ', largeur: 3 },
          { titre: 'Durée', largeur: 2 },
        ],
        lignes: [
          ...r.visites.map((v) => ({
            cellules: [
              v.zone.nom,
              v.vehicule?.plaque ?? v.appareil.nom,
              v.client?.nom ?? null,
              v.course?.code ?? null,
              formatDateTime(v.arrivee),
              v.depart ? formatDateTime(v.depart) : 'Sur place',
              duree(v.duree_s),
            ],
          })),
          {
            cellules: ['Total', null, null, null, null, null, duree(r.duree_s)],
            style: 'total' as const,
          },
        ],
      },
      {
        titre: 'Par zone',
        colonnes: [
          { titre: 'Zone', largeur: 8 },
          { titre: 'Visites', largeur: 3 },
          { titre: 'Temps sur site', largeur: 3 },
        ],
        lignes: r.zones.map((z) => ({ cellules: [z.nom, z.visites, duree(z.duree_s)] })),
      },
    ],
    notes: [
      'Une visite va de la première position dans la zone à la dernière avant d’en sortir (heure de Libreville). Les lieux de chargement et de déchargement des courses comptent comme des zones du véhicule de la course.',
    ],
  };
}

export function evenementsRapport(r: RapportEvenementsOut): Rapport {
  return {
    titre: 'ÉVÉNEMENTS GPS',
    sousTitre: periode(r.date_debut, r.date_fin),
    paysage: true,
    fichier: `evenements-${r.date_debut}-${r.date_fin}`,
    sections: [
      {
        titre: 'Événements',
        colonnes: [
          { titre: 'Date et heure', largeur: 3 },
          { titre: 'Événement', largeur: 3 },
          { titre: 'Véhicule', largeur: 3 },
          { titre: 'Lieu', largeur: 5 },
          { titre: 'Détail', largeur: 4 },
          { titre: 'Course', largeur: 2 },
        ],
        lignes: r.evenements.map((e) => ({
          cellules: [
            formatDateTime(e.heure),
            e.type,
            e.vehicule?.plaque ?? e.appareil.nom,
            e.lieu ?? coordonneesTexte(e),
            e.detail,
            e.course?.code ?? null,
          ],
        })),
      },
      {
        titre: 'Par type',
        colonnes: [
          { titre: 'Événement', largeur: 8 },
          { titre: 'Nombre', largeur: 3 },
        ],
        lignes: [
          ...r.types.map((t) => ({ cellules: [t.type, t.nombre] })),
          {
            cellules: ['Total', r.evenements.length],
            style: 'total' as const,
          },
        ],
      },
    ],
    notes: [
      'Heure de Libreville. Un excès de vitesse, un arrêt ou un ralenti est daté de son début ; un appareil silencieux, de sa dernière position. Le lieu est la zone, sinon l’adresse enregistrée la plus proche (300 m), sinon les coordonnées.',
    ],
  };
}
