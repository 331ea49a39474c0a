import { PAGE_SIZE, referenceContracts } from '@yams/shared';
import { eq, getTableColumns } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ReferenceResource } from './reference.resource';
import {
  articles,
  fournisseurs,
  garages,
  services,
  trajets,
  typesArticles,
  typesMarchandises,
  typesVehicules,
  villes,
} from './reference.table';

// The nine reference tables of the Configurations screen, declared once each; reference.routes.ts
// serves every one of them with the same routes.

const villeLabel = { id: villes.id, libelle: villes.libelle };
const villeDepart = alias(villes, 'ville_depart');
const villeArrivee = alias(villes, 'ville_arrivee');
const villeRef = (field: string, message = "Cette ville n'existe pas.") => ({
  field,
  table: villes,
  message,
  label: villes.libelle,
});

const general = 'Configuration générale';
const vehicules = 'Paramètres des véhicules';
const interventions = 'Paramètres des interventions';

export const REFERENCE_RESOURCES: ReferenceResource[] = [
  {
    path: 'villes',
    tag: general,
    nom: { genre: 'f', nom: 'ville' },
    platform: true,
    table: villes,
    contract: referenceContracts.villes,
    select: (db) => db.select().from(villes).$dynamic(),
    search: [villes.code, villes.libelle],
    order: [villes.libelle],
    perPage: PAGE_SIZE.villes,
    unique: [{ field: 'code', column: villes.code, message: 'Ce code de ville est déjà utilisé.' }],
  },
  {
    path: 'types_marchandises',
    tag: general,
    nom: { genre: 'm', nom: 'type de marchandise' },
    platform: true,
    table: typesMarchandises,
    contract: referenceContracts.types_marchandises,
    select: (db) => db.select().from(typesMarchandises).$dynamic(),
    search: [typesMarchandises.libelle],
    order: [typesMarchandises.libelle],
  },
  {
    path: 'types_vehicules',
    tag: vehicules,
    nom: { genre: 'm', nom: 'type de véhicule' },
    platform: true,
    table: typesVehicules,
    contract: referenceContracts.types_vehicules,
    select: (db) => db.select().from(typesVehicules).$dynamic(),
    search: [typesVehicules.libelle],
    order: [typesVehicules.libelle],
  },
  {
    path: 'types_articles',
    tag: vehicules,
    nom: { genre: 'm', nom: "type d'article" },
    platform: true,
    table: typesArticles,
    contract: referenceContracts.types_articles,
    select: (db) => db.select().from(typesArticles).$dynamic(),
    search: [typesArticles.libelle],
    order: [typesArticles.libelle],
  },
  {
    path: 'articles',
    tag: vehicules,
    nom: { genre: 'm', nom: 'article' },
    platform: false,
    table: articles,
    contract: referenceContracts.articles,
    select: (s) =>
      s
        .select({
          ...getTableColumns(articles),
          types_article: { id: typesArticles.id, libelle: typesArticles.libelle },
        })
        .from(articles)
        .leftJoin(typesArticles, eq(typesArticles.id, articles.type_article_id))
        .$dynamic(),
    search: [articles.reference, articles.nom],
    order: [articles.nom],
    optionLabels: { stock: (a) => `${a.reference} — ${a.nom} (stock : ${a.qte})` },
    refs: [
      {
        field: 'type_article_id',
        table: typesArticles,
        message: "Ce type d'article n'existe pas.",
        label: typesArticles.libelle,
      },
    ],
    unique: [
      { field: 'reference', column: articles.reference, message: 'Cette référence est déjà utilisée.' },
    ],
  },
  {
    path: 'garages',
    tag: interventions,
    nom: { genre: 'm', nom: 'garage' },
    platform: false,
    table: garages,
    contract: referenceContracts.garages,
    select: (s) =>
      s
        .select({ ...getTableColumns(garages), ville: villeLabel })
        .from(garages)
        .leftJoin(villes, eq(villes.id, garages.ville_id))
        .$dynamic(),
    search: [garages.nom, garages.adresse],
    order: [garages.nom],
    refs: [villeRef('ville_id')],
  },
  {
    path: 'services',
    tag: interventions,
    nom: { genre: 'm', nom: 'service' },
    platform: false,
    table: services,
    contract: referenceContracts.services,
    select: (s) => s.select().from(services).$dynamic(),
    search: [services.libelle],
    order: [services.libelle],
  },
  {
    path: 'fournisseurs',
    tag: interventions,
    nom: { genre: 'm', nom: 'fournisseur' },
    platform: false,
    table: fournisseurs,
    contract: referenceContracts.fournisseurs,
    select: (s) =>
      s
        .select({ ...getTableColumns(fournisseurs), ville: villeLabel })
        .from(fournisseurs)
        .leftJoin(villes, eq(villes.id, fournisseurs.ville_id))
        .$dynamic(),
    search: [fournisseurs.nom, fournisseurs.telephone],
    order: [fournisseurs.nom],
    refs: [villeRef('ville_id')],
  },
  {
    path: 'trajets',
    tag: 'Paramètres des courses',
    nom: { genre: 'm', nom: 'trajet' },
    platform: false,
    table: trajets,
    contract: referenceContracts.trajets,
    select: (s) =>
      s
        .select({
          ...getTableColumns(trajets),
          ville_depart: { id: villeDepart.id, libelle: villeDepart.libelle },
          ville_arrivee: { id: villeArrivee.id, libelle: villeArrivee.libelle },
        })
        .from(trajets)
        .leftJoin(villeDepart, eq(villeDepart.id, trajets.ville_depart_id))
        .leftJoin(villeArrivee, eq(villeArrivee.id, trajets.ville_arrivee_id))
        .$dynamic(),
    search: [trajets.libelle],
    order: [trajets.libelle],
    refs: [
      villeRef('ville_depart_id', "La ville de départ n'existe pas."),
      villeRef('ville_arrivee_id', "La ville d'arrivée n'existe pas."),
    ],
  },
];
