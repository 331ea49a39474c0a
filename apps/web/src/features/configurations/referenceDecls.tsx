import {
  ArticleBody,
  type ArticleOut,
  FournisseurBody,
  type FournisseurOut,
  GarageBody,
  type GarageOut,
  REFERENCE_TABLES,
  type ReferenceTable,
  referenceContracts,
  ServiceBody,
  type ServiceOut,
  TrajetBody,
  type TrajetOut,
  TypeArticleBody,
  type TypeArticleOut,
  TypeMarchandiseBody,
  type TypeMarchandiseOut,
  TypeVehiculeBody,
  type TypeVehiculeOut,
  VilleBody,
  type VilleOut,
} from '@yams/shared';
import type { FormFieldDecl } from '../../components/form/fields';
import type { StandardSchema } from '../../components/form/zodRule';
import { createResource, type Resource } from '../../components/list/resource';
import type { DisplayField, ListDecl, Row } from '../../components/list/types';

// The reference tables of Configurations as kit declarations: one per table, built for the signed-in user
// (platform tables are written by superadmins only: others get them read-only, as the API answers 403).

export const LABELS = {
  code: 'Code',
  libelle: 'Libellé',
  montant: 'Montant',
  reference: 'Référence',
  nom: 'Nom',
  qte: 'Quantité en stock',
  prix_unitaire: 'Prix unitaire',
  type_article_id: "Type d'article",
  types_article: "Type d'article",
  adresse: 'Adresse',
  telephone: 'Téléphone',
  ville_id: 'Ville',
  ville: 'Ville',
  ville_depart_id: 'Ville de départ',
  ville_depart: 'Ville de départ',
  ville_arrivee_id: "Ville d'arrivée",
  ville_arrivee: "Ville d'arrivée",
  entreprise_id: 'Entreprise',
  search: 'Rechercher',
  created_at: 'Créé le',
  updated_at: 'Modifié le',
};

const villeSource = { path: referenceContracts.villes.path };
interface TableSpec<T extends Row> {
  columns: DisplayField<T>[];
  fields: FormFieldDecl[];
  schema: unknown;
  search: string;
  title: (row: T) => string;
  pageSize?: number;
}

const libelle = <T extends Row & { libelle: string }>(): TableSpec<T> => ({
  columns: [{ key: 'libelle', sort: true }],
  fields: [{ name: 'libelle', type: 'text', required: true, span: 24 }],
  schema: null,
  search: 'Libellé',
  title: (r) => r.libelle,
});

const SPECS: { [K in ReferenceTable]: TableSpec<never> } = {
  villes: {
    columns: [
      { key: 'code', sort: true },
      { key: 'libelle', sort: true },
    ],
    fields: [
      { name: 'code', type: 'text', required: true, placeholder: 'LBV' },
      { name: 'libelle', type: 'text', required: true },
    ],
    schema: VilleBody,
    search: 'Code ou libellé',
    title: (r: VilleOut) => `Ville ${r.libelle}`,
    pageSize: 10,
  } as TableSpec<never>,
  types_marchandises: {
    ...libelle<TypeMarchandiseOut>(),
    schema: TypeMarchandiseBody,
    title: (r: TypeMarchandiseOut) => `Type de marchandise ${r.libelle}`,
  } as TableSpec<never>,
  types_vehicules: {
    ...libelle<TypeVehiculeOut>(),
    schema: TypeVehiculeBody,
    title: (r: TypeVehiculeOut) => `Type de véhicule ${r.libelle}`,
  } as TableSpec<never>,
  types_articles: {
    columns: [
      { key: 'libelle', sort: true },
      { key: 'montant', format: 'money' },
    ],
    fields: [
      { name: 'libelle', type: 'text', required: true },
      { name: 'montant', type: 'money' },
    ],
    schema: TypeArticleBody,
    search: 'Libellé',
    title: (r: TypeArticleOut) => `Type d'article ${r.libelle}`,
  } as TableSpec<never>,
  articles: {
    columns: [
      { key: 'reference', sort: true },
      { key: 'nom', sort: true },
      { key: 'qte', format: 'number' },
      { key: 'prix_unitaire', format: 'money' },
      { key: 'types_article', value: (r: ArticleOut) => r.types_article?.libelle },
    ],
    fields: [
      { name: 'reference', type: 'text', required: true },
      { name: 'nom', type: 'text', required: true },
      { name: 'qte', type: 'number' },
      { name: 'prix_unitaire', type: 'money' },
      {
        name: 'type_article_id',
        type: 'select',
        ref: 'types_article',
        source: { path: referenceContracts.types_articles.path },
      },
    ],
    schema: ArticleBody,
    search: 'Référence ou nom',
    title: (r: ArticleOut) => `Article ${r.reference}`,
  } as TableSpec<never>,
  garages: {
    columns: [
      { key: 'nom', sort: true },
      { key: 'adresse' },
      { key: 'telephone' },
      { key: 'ville', value: (r: GarageOut) => r.ville?.libelle },
    ],
    fields: [
      { name: 'nom', type: 'text', required: true },
      { name: 'adresse', type: 'text' },
      { name: 'telephone', type: 'tel' },
      { name: 'ville_id', type: 'select', ref: 'ville', source: villeSource },
    ],
    schema: GarageBody,
    search: 'Nom',
    title: (r: GarageOut) => `Garage ${r.nom}`,
  } as TableSpec<never>,
  services: {
    columns: [
      { key: 'libelle', sort: true },
      { key: 'montant', format: 'money' },
    ],
    fields: [
      { name: 'libelle', type: 'text', required: true },
      { name: 'montant', type: 'money' },
    ],
    schema: ServiceBody,
    search: 'Libellé',
    title: (r: ServiceOut) => `Service ${r.libelle}`,
  } as TableSpec<never>,
  fournisseurs: {
    columns: [
      { key: 'nom', sort: true },
      { key: 'telephone' },
      { key: 'ville', value: (r: FournisseurOut) => r.ville?.libelle },
    ],
    fields: [
      { name: 'nom', type: 'text', required: true },
      { name: 'telephone', type: 'tel' },
      { name: 'ville_id', type: 'select', ref: 'ville', source: villeSource },
    ],
    schema: FournisseurBody,
    search: 'Nom',
    title: (r: FournisseurOut) => `Fournisseur ${r.nom}`,
  } as TableSpec<never>,
  trajets: {
    columns: [
      { key: 'libelle', sort: true },
      { key: 'montant', format: 'money' },
      { key: 'ville_depart', value: (r: TrajetOut) => r.ville_depart?.libelle },
      { key: 'ville_arrivee', value: (r: TrajetOut) => r.ville_arrivee?.libelle },
    ],
    fields: [
      { name: 'libelle', type: 'text', required: true, span: 24 },
      { name: 'montant', type: 'money' },
      { name: 'ville_depart_id', type: 'select', ref: 'ville_depart', source: villeSource },
      { name: 'ville_arrivee_id', type: 'select', ref: 'ville_arrivee', source: villeSource },
    ],
    schema: TrajetBody,
    search: 'Libellé',
    title: (r: TrajetOut) => `Trajet ${r.libelle}`,
  } as TableSpec<never>,
};

const resources = Object.fromEntries(
  Object.entries(referenceContracts).map(([t, contract]) => [t, createResource(t, contract)]),
) as unknown as Record<ReferenceTable, Resource<Row, Row>>;

const NOUVEAU: Record<ReferenceTable, string> = {
  villes: 'Nouvelle ville',
  types_marchandises: 'Nouveau type de marchandise',
  types_vehicules: 'Nouveau type de véhicule',
  types_articles: "Nouveau type d'article",
  articles: 'Nouvel article',
  garages: 'Nouveau garage',
  services: 'Nouveau service',
  fournisseurs: 'Nouveau fournisseur',
  trajets: 'Nouveau trajet',
};

/**
 * The specification: villes and types de marchandise are deleted through the courses microservice's path
 * (their contract's `destroyPath`), and their detail dialog switches between locked and editing.
 */
const VERROUILLEES: ReferenceTable[] = ['villes', 'types_marchandises'];

/** The declaration of one reference table for this user. */
export function referenceDecl(table: ReferenceTable, superadmin: boolean): ListDecl<Row> {
  const spec = SPECS[table] as unknown as TableSpec<Row>;
  const { titre, plateforme } = REFERENCE_TABLES[table];
  const writable = !plateforme || superadmin;
  const schema = spec.schema as StandardSchema;
  const verrouillee = VERROUILLEES.includes(table);
  const { destroyPath } = referenceContracts[table] as { destroyPath?: string };
  return {
    title: titre,
    resource: resources[table],
    labels: LABELS,
    pageSize: spec.pageSize,
    fields: spec.columns,
    filters: [{ type: 'text', name: 'search', placeholder: spec.search }],
    addLabel: writable ? 'Ajouter' : undefined,
    createTitle: NOUVEAU[table],
    form: writable ? { fields: spec.fields, createSchema: schema, updateSchema: schema } : undefined,
    import: true,
    detail: {
      title: spec.title,
      deletable: writable,
      lock: verrouillee,
    },
    paths: destroyPath ? { destroy: (row) => `${destroyPath}/${row.id}/destroy` } : undefined,
    // A company table: a superadmin sees each row's company (column and filter) and names it on creation.
    tenant: plateforme ? undefined : { form: true },
    exportName: titre,
  };
}
