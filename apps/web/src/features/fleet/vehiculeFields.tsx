import {
  ANNEE_VEHICULE_MIN,
  formatNumber,
  normalisePlaque,
  referenceContracts,
  tagColor,
  todayInGabon,
  utilisateursContract,
  VEHICULE_STATUTS,
  VEHICULE_STATUTS_AUTOMATIQUES,
  VEHICULE_STATUTS_MANUELS,
  type VehiculeOut,
  type VehiculeStatut,
  vehiculesContract,
} from '@yams/shared';
import { Space, Tag } from 'antd';
import type { FormFieldDecl, OptionsSource } from '../../components/form/fields';
import type { DisplayField } from '../../components/list/types';
import { StatusTag } from '../../components/StatusTag';

/** Pieces of the Véhicules declaration (and of the vehicle selects of other fleet screens). */

export const statutOptions = VEHICULE_STATUTS.map((value) => ({ value, label: value }));

export function StatutTag({ statut }: { statut: string }) {
  return <StatusTag lifecycle="vehicule" value={statut} />;
}

export const statutField: DisplayField<VehiculeOut> = {
  key: 'statut',
  render: (v) => <StatutTag statut={v.statut} />,
};

const typeTonnage = (v: VehiculeOut) =>
  [v.type_vehicule?.libelle, v.tonnage !== null ? `${formatNumber(v.tonnage, 2)} t` : null]
    .filter(Boolean)
    .join(' · ');

export const typeTonnageField: DisplayField<VehiculeOut> = { key: 'type_tonnage', value: typeTonnage };

export const marqueModeleField: DisplayField<VehiculeOut> = {
  key: 'marque_modele',
  value: (v) => [v.marque, v.modele].filter(Boolean).join(' '),
  path: 'marque+modele',
};

/** Expired documents, then those expiring within 30 days (the API counts the expired among them). */
const documentCounts = (v: VehiculeOut) => ({
  expired: v.documents_expired,
  soon: Math.max(0, v.documents_expiring - v.documents_expired),
});

export const documentsField: DisplayField<VehiculeOut> = {
  key: 'documents',
  value: (v) => {
    const { expired, soon } = documentCounts(v);
    return [expired ? `${expired} expiré${expired > 1 ? 's' : ''}` : '', soon ? `${soon} à renouveler` : '']
      .filter(Boolean)
      .join(', ');
  },
  render: (v) => {
    const { expired, soon } = documentCounts(v);
    if (!expired && !soon) return <span style={{ color: '#98a2b3' }}>—</span>;
    return (
      <Space size={4} wrap>
        {expired > 0 && (
          <Tag color={tagColor('document', 'Expiré')} style={{ marginInlineEnd: 0 }}>
            {expired} expiré{expired > 1 ? 's' : ''}
          </Tag>
        )}
        {soon > 0 && (
          <Tag color={tagColor('document', 'Expire bientôt')} style={{ marginInlineEnd: 0 }}>
            {soon} à renouveler
          </Tag>
        )}
      </Space>
    );
  },
};

const userSource = (type: string): OptionsSource => ({ path: utilisateursContract.path, query: { type } });
export const proprietaireSource = userSource('transporteur');
export const chauffeurSource = userSource('camionneur');
export const typeVehiculeSource: OptionsSource = { path: referenceContracts.types_vehicules.path };
/** The company's vehicles by plate (interventions, courses). */
export const vehiculeSource: OptionsSource = { path: vehiculesContract.path };

export const vehiculeFormFields: FormFieldDecl[] = [
  { name: 'plaque', type: 'text', required: true, placeholder: 'GA-123-AB', normalize: normalisePlaque },
  { name: 'marque', type: 'text', required: true },
  { name: 'modele', type: 'text' },
  { name: 'type_vehicule_id', type: 'select', required: true, source: typeVehiculeSource },
  { name: 'tonnage', type: 'number' },
  { name: 'annee', type: 'number' },
  { name: 'proprietaire_id', type: 'select', source: proprietaireSource },
  { name: 'chauffeur_id', type: 'select', source: chauffeurSource },
  { name: 'capacite_reservoir', type: 'number', label: 'Capacité du réservoir (L)' },
  { name: 'consommation_reference', type: 'number', label: 'Consommation de référence (L/100 km)' },
  {
    name: 'vitesse_max_kmh',
    type: 'number',
    label: 'Vitesse maximale (km/h)',
    placeholder: 'Celle de l’entreprise',
  },
  {
    name: 'date_mise_en_service',
    type: 'date',
    // Not in the future, not before the year of manufacture (the shared vehiculeDatesRefus).
    bornes: (v) => ({
      min: `${typeof v.annee === 'number' ? v.annee : ANNEE_VEHICULE_MIN}-01-01`,
      max: todayInGabon(),
    }),
  },
  {
    // A person chooses only Disponible or Indisponible; 'En course' / 'En intervention' follow the API.
    name: 'statut',
    type: 'select',
    only: 'edit',
    options: VEHICULE_STATUTS_MANUELS.map((value) => ({ value, label: value })),
    visible: (v) => !VEHICULE_STATUTS_AUTOMATIQUES.includes(v.statut as VehiculeStatut),
  },
];
