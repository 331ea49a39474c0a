/** French labels of a device's fields: columns, details, forms, filters and exports (one dictionary). */
export const APPAREIL_LABELS = {
  id: 'N°',
  nom: 'Nom',
  identifiant: 'Identifiant',
  avec_cle: 'Clé secrète',
  cle: 'Clé secrète',
  vehicule_id: 'Véhicule',
  vehicule: 'Véhicule',
  course: 'Course en cours',
  statut: 'Statut',
  derniere_position: 'Dernière position',
  vitesse: 'Vitesse',
  batterie: 'Batterie',
  search: 'Rechercher',
} as const;
