import {
  carnetEntretienEndpoint,
  endpointPath,
  formatNumber,
  VehiculeBody,
  type VehiculeDetailOut,
  VehiculeUpdateBody,
} from '@yams/shared';
import { downloadApiFile } from '../../components/export/download';
import { ListScreen } from '../../components/list/ListScreen';
import type { ListDecl } from '../../components/list/types';
import { vehicules } from './api';
import { VEHICULE_LABELS } from './labels';
import { compteurTexte, VehiculeCompteur } from './VehiculeCompteur';
import { VehiculeDocuments } from './VehiculeDocuments';
import {
  chauffeurSource,
  documentsField,
  marqueModeleField,
  proprietaireSource,
  StatutTag,
  statutField,
  statutOptions,
  typeTonnageField,
  typeVehiculeSource,
  vehiculeFormFields,
} from './vehiculeFields';

/** Véhicules: the company's fleet; a vehicle's papers are managed in its detail dialog. */
export const VEHICULES: ListDecl<VehiculeDetailOut> = {
  title: 'Véhicules',
  resource: vehicules,
  labels: VEHICULE_LABELS,
  tenant: { form: true },
  fields: [
    { key: 'plaque', sort: true },
    { ...marqueModeleField, sort: 'marque' },
    { ...typeTonnageField, sort: 'tonnage' },
    { key: 'proprietaire', value: (v) => v.proprietaire?.nom_complet, path: 'proprietaire.nom_complet' },
    { ...statutField, sort: true },
    documentsField,
    { key: 'chauffeur', value: (v) => v.chauffeur?.nom_complet, path: 'chauffeur.nom_complet', table: false },
    // The detail's own lines (the table and the export show marque · modèle and type · tonnage together).
    { key: 'marque', table: false, export: false },
    { key: 'modele', table: false, export: false },
    {
      key: 'type_vehicule',
      value: (v) => v.type_vehicule?.libelle,
      path: 'type_vehicule.libelle',
      table: false,
      export: false,
    },
    { key: 'tonnage', format: 'number', table: false, export: false },
    { key: 'annee', table: false, export: false },
    { key: 'date_mise_en_service', format: 'date', table: false, export: false },
    {
      key: 'capacite_reservoir',
      value: (v) => (v.capacite_reservoir === null ? null : `${formatNumber(v.capacite_reservoir)} L`),
      table: false,
      export: false,
    },
    {
      key: 'consommation_reference',
      value: (v) =>
        v.consommation_reference === null ? null : `${formatNumber(v.consommation_reference, 1)} L/100 km`,
      table: false,
      export: false,
    },
    {
      key: 'vitesse_max_kmh',
      value: (v) =>
        v.vitesse_max_kmh === null ? 'Celle de l’entreprise' : `${formatNumber(v.vitesse_max_kmh)} km/h`,
      table: false,
      export: false,
    },
    { key: 'compteur', value: compteurTexte, table: false, export: false },
  ],
  filters: [
    { type: 'select', name: 'statut', options: statutOptions },
    { type: 'select', name: 'type', source: typeVehiculeSource },
    { type: 'select', name: 'proprietaire', source: proprietaireSource },
    { type: 'select', name: 'chauffeur', source: chauffeurSource },
    { type: 'text', name: 'search', placeholder: 'Plaque, marque ou modèle' },
  ],
  card: {
    title: (v) => v.plaque,
    subtitle: (v) => marqueModeleField.value!(v),
    extra: (v) => <StatutTag statut={v.statut} />,
    fields: ['type_tonnage', 'proprietaire', 'chauffeur', 'documents'],
  },
  addLabel: 'Ajouter un véhicule',
  createTitle: 'Nouveau véhicule',
  form: {
    fields: vehiculeFormFields,
    createSchema: VehiculeBody,
    updateSchema: VehiculeUpdateBody,
  },
  detail: {
    title: (v) => v.plaque,
    fields: [
      'plaque',
      'statut',
      'marque',
      'modele',
      'type_vehicule',
      'tonnage',
      'proprietaire',
      'chauffeur',
      'annee',
      'date_mise_en_service',
      'capacite_reservoir',
      'consommation_reference',
      'vitesse_max_kmh',
      'compteur',
    ],
    sections: [
      { key: 'documents', title: 'Documents', render: (v) => <VehiculeDocuments vehicule={v} /> },
      { key: 'compteur', title: 'Relevés du compteur', render: (v) => <VehiculeCompteur vehicule={v} /> },
    ],
    actions: [
      {
        // Every intervention with its day, odometer, services and parts, cost; and the plans' due points.
        key: 'carnet',
        label: "Carnet d'entretien (PDF)",
        run: (v) =>
          downloadApiFile(endpointPath(carnetEntretienEndpoint, { id: v.id }), {}, `carnet-${v.plaque}.pdf`),
      },
    ],
    deletable: true,
  },
  groupDelete: true,
};

export default function VehiculesPage() {
  return <ListScreen decl={VEHICULES} />;
}
