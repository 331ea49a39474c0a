import { phone, VILLES } from '../../db/demo-people';
import { scoped } from '../../db/scoped';
import type { SeedContext } from '../module';
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

const TYPES_MARCHANDISES = [
  'Conteneur',
  'Bois',
  'Ciment',
  'Manganèse',
  'Vivres',
  'Hydrocarbures',
  'Matériaux de construction',
  'Colis',
  'Engins',
  'Boissons',
];
export const TYPES_VEHICULES = [
  'Camion benne',
  'Semi-remorque',
  'Porte-char',
  'Citerne',
  'Plateau',
  'Fourgon',
  'Pick-up',
  'Moto',
];
const TYPES_ARTICLES: Array<[string, number]> = [
  ['Pneumatique', 185_000],
  ['Lubrifiant', 25_000],
  ['Filtre', 15_000],
  ['Pièce de freinage', 45_000],
  ['Batterie', 120_000],
  ['Pièce moteur', 90_000],
  ['Éclairage', 25_000],
  ['Courroie', 18_000],
];
/** reference, nom, type d'article, prix unitaire (FCFA). */
const ARTICLES: Array<[string, string, string, number]> = [
  ['PN-31580', 'Pneu 315/80 R22.5', 'Pneumatique', 215_000],
  ['PN-29580', 'Pneu 295/80 R22.5', 'Pneumatique', 195_000],
  ['PN-26570', 'Pneu 265/70 R16 (pick-up)', 'Pneumatique', 85_000],
  ['HL-15W40', 'Huile moteur 15W40 (bidon 20 L)', 'Lubrifiant', 65_000],
  ['HL-ATF5', 'Huile de boîte ATF (5 L)', 'Lubrifiant', 22_000],
  ['FL-HUILE', 'Filtre à huile', 'Filtre', 12_000],
  ['FL-GASOIL', 'Filtre à gasoil', 'Filtre', 15_000],
  ['FL-AIR', 'Filtre à air', 'Filtre', 28_000],
  ['FR-PLAQ', 'Plaquettes de frein (jeu)', 'Pièce de freinage', 45_000],
  ['FR-DISQ', 'Disque de frein', 'Pièce de freinage', 75_000],
  ['BT-180AH', 'Batterie 12 V 180 Ah', 'Batterie', 145_000],
  ['CR-ALT', "Courroie d'alternateur", 'Courroie', 18_000],
  ['EC-PHARE', 'Phare avant', 'Éclairage', 55_000],
  ['MT-INJ', 'Injecteur', 'Pièce moteur', 160_000],
  ['MT-JOINT', 'Joint de culasse', 'Pièce moteur', 85_000],
];
/** libelle, montant (main-d'œuvre, FCFA). */
export const SERVICES: Array<[string, number]> = [
  ['Vidange', 35_000],
  ['Changement de pneus', 20_000],
  ['Révision freins', 45_000],
  ['Diagnostic électronique', 25_000],
  ['Révision complète', 150_000],
  ['Réglage parallélisme', 15_000],
  ['Remplacement embrayage', 120_000],
  ['Soudure châssis', 60_000],
];
/** nom, adresse, code ville. */
const GARAGES: Array<[string, string, string]> = [
  ['CFAO Motors Libreville', 'Zone industrielle d’Oloumi', 'LBV'],
  ['Garage Auto Plus', 'Carrefour SNI, Owendo', 'OWE'],
  ['Tractafric Equipment', 'Zone portuaire', 'POG'],
  ['Garage du Rond-Point', 'Quartier Potos', 'FCV'],
  ['Mécanique Générale de Ntoum', 'Route nationale 1', 'NTM'],
  ['Garage Central', 'Quartier Isaac', 'LBQ'],
  ['Atelier Poids Lourds Moanda', 'Route de Franceville', 'MVB'],
];
const FOURNISSEURS: Array<[string, string]> = [
  ['CFAO Motors Gabon', 'LBV'],
  ['Tractafric Motors Gabon', 'OWE'],
  ['TotalEnergies Marketing Gabon', 'LBV'],
  ['Pneus Services Gabon', 'POG'],
  ['Quincaillerie d’Akébé', 'LBV'],
];
/** départ, arrivée, montant (FCFA). */
const TRAJETS: Array<[string, string, number]> = [
  ['LBV', 'FCV', 850_000],
  ['LBV', 'OYE', 550_000],
  ['LBV', 'LBQ', 250_000],
  ['OWE', 'MVB', 800_000],
  ['LBV', 'MJL', 450_000],
  ['FCV', 'MVB', 90_000],
  ['LBV', 'BTA', 600_000],
  ['NTM', 'LBV', 60_000],
];

/** Platform lists, then each demo company's garages, services, articles, suppliers and routes. */
export async function seedReference(ctx: SeedContext): Promise<void> {
  const { db, r } = ctx;
  const villeRows = await db.insert(villes).values(VILLES).returning();
  const ville = (code: string) => villeRows.find((v) => v.code === code)!;
  await db.insert(typesMarchandises).values(TYPES_MARCHANDISES.map((libelle) => ({ libelle })));
  await db.insert(typesVehicules).values(TYPES_VEHICULES.map((libelle) => ({ libelle })));
  const typeRows = await db
    .insert(typesArticles)
    .values(TYPES_ARTICLES.map(([libelle, montant]) => ({ libelle, montant })))
    .returning();
  const typeArticle = (libelle: string) => typeRows.find((t) => t.libelle === libelle)!.id;

  for (const [i, company] of ctx.companies.entries()) {
    // The company's own rows: `entreprise_id` filled by the scope.
    const own = scoped(db, { entrepriseId: company.id });
    await own.insert(garages).values(
      GARAGES.filter((_, g) => g !== (i === 0 ? 2 : 4)).map(([nom, adresse, code]) => ({
        nom,
        adresse,
        ville_id: ville(code).id,
        telephone: phone(r),
      })),
    );
    await own
      .insert(services)
      .values(SERVICES.map(([libelle, montant]) => ({ libelle, montant: montant + i * 5_000 })));
    await own.insert(articles).values(
      ARTICLES.map(([reference, nom, type, prix]) => ({
        reference,
        nom,
        qte: r.int(8, 60),
        prix_unitaire: prix,
        type_article_id: typeArticle(type),
      })),
    );
    await own.insert(fournisseurs).values(
      FOURNISSEURS.map(([nom, code]) => ({
        nom,
        telephone: phone(r),
        ville_id: ville(code).id,
      })),
    );
    await own.insert(trajets).values(
      TRAJETS.map(([from, to, montant]) => ({
        libelle: `${ville(from).libelle} → ${ville(to).libelle}`,
        montant: montant + i * 25_000,
        ville_depart_id: ville(from).id,
        ville_arrivee_id: ville(to).id,
      })),
    );
  }
}
