/** French labels of a vehicle's fields: columns, details, forms, filters and exports (one dictionary). */
export const VEHICULE_LABELS = {
  id: 'N°',
  plaque: 'Plaque',
  marque: 'Marque',
  marque_modele: 'Marque / Modèle',
  modele: 'Modèle',
  type_vehicule_id: 'Type de véhicule',
  type_vehicule: 'Type de véhicule',
  type_tonnage: 'Type / Tonnage',
  type: 'Type',
  tonnage: 'Tonnage (t)',
  proprietaire_id: 'Propriétaire',
  proprietaire: 'Propriétaire',
  chauffeur_id: 'Chauffeur',
  chauffeur: 'Chauffeur',
  statut: 'Statut',
  annee: 'Année',
  date_mise_en_service: 'Mise en service',
  documents: 'Documents',
  capacite_reservoir: 'Réservoir',
  consommation_reference: 'Consommation de référence',
  vitesse_max_kmh: 'Vitesse maximale',
  compteur: 'Compteur',
  search: 'Rechercher',
} as const;

/** French labels of an intervention's fields. */
export const INTERVENTION_LABELS = {
  id: 'N°',
  vehicule_id: 'Véhicule',
  vehicule: 'Véhicule',
  garage_id: 'Garage',
  garage: 'Garage',
  type: 'Type',
  dates: 'Dates',
  periode: 'Période',
  date_debut: 'Date de début',
  date_fin: 'Date de fin',
  montant: 'Montant',
  statut: 'Statut',
  description: 'Description',
  confirmed_at: 'Confirmée le',
  kilometrage: 'Kilométrage',
  lignes: 'Lignes',
} as const;

/** French labels of a document of a vehicle. */
export const DOCUMENT_LABELS = {
  libelle: 'Libellé',
  date_expiration: "Date d'expiration",
  fichier: 'Fichier',
  etat: 'État',
} as const;
