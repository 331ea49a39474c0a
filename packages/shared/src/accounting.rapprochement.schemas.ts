import { z } from 'zod';
import { ETATS_LIGNE_RELEVE, PRESETS_RELEVE } from './accounting.rapprochement';
import { type FichierRegle, zFichierEnvoye } from './files';
import { zChamps } from './reference';

// The contracts of the reconciliation of statements (`/api/comptabilite/rapprochements`).

/** The statement's file: a CSV or an Excel .xlsx, 5 Mo at most. */
export const RELEVE_FICHIER_REGLE: FichierRegle = {
  maxOctets: 5 * 1024 * 1024,
  types: {
    'text/csv': 'csv',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  },
  messages: {
    taille: 'Le fichier ne doit pas dépasser 5 Mo.',
    type: 'Choisissez un fichier CSV ou Excel (.xlsx).',
    vide: 'Le fichier est vide.',
  },
};

export const COMPTE_RAPPROCHEMENT_MESSAGE =
  'Le compte est 521 (Banques), 552 (Monnaie électronique) ou un de leurs sous-comptes.';

/** `POST /api/comptabilite/rapprochements` (multipart): the file, the account, a preset or a mapping (JSON). */
export const RapprochementBody = z.object({
  fichier: zFichierEnvoye('fichier', 'Joignez le fichier du relevé (CSV ou Excel), champ « fichier ».'),
  compte: z
    .string({ error: COMPTE_RAPPROCHEMENT_MESSAGE })
    .trim()
    .regex(/^(521|552)\d{0,7}$/, { error: COMPTE_RAPPROCHEMENT_MESSAGE }),
  preset: z.enum(PRESETS_RELEVE, { error: 'Le modèle est « banque », « airtel » ou « moov ».' }).optional(),
  /** A column mapping as JSON: `{"date":"Date op.","montant":"Montant",…}` (overrides the preset). */
  colonnes: z.string().max(4000).optional(),
});
export type RapprochementBody = z.infer<typeof RapprochementBody>;

export const RapprochementQuery = z.object({ entreprise: zChamps.filtreId("d'entreprise") });

export const MouvementOut = z.object({
  /** The journal line (ecriture_lignes.id). */
  id: z.number(),
  ecriture_id: z.number(),
  date: z.string(),
  libelle: z.string(),
  piece: z.string().nullable(),
  reference: z.string().nullable(),
  /** Signed: debit − credit of the account. */
  montant: z.number(),
});
export type MouvementOut = z.infer<typeof MouvementOut>;

export const LigneReleveOut = z.object({
  id: z.number(),
  numero: z.number(),
  date: z.string(),
  libelle: z.string(),
  reference: z.string().nullable(),
  telephone: z.string().nullable(),
  montant: z.number(),
  frais: z.number(),
  etat: z.enum(ETATS_LIGNE_RELEVE),
  regle: z.string().nullable(),
  mouvement: MouvementOut.nullable(),
  frais_ecriture_id: z.number().nullable(),
  propositions: z.array(MouvementOut),
});
export type LigneReleveOut = z.infer<typeof LigneReleveOut>;

export const TotauxRapprochement = z.object({
  /** Σ (montant − frais) of the statement's lines. */
  solde_releve: z.number(),
  /** Σ of the movements and fee entries matched to its lines. */
  solde_pointe: z.number(),
  /** The account's movements (debit − credit) over the statement's dates. */
  solde_comptable: z.number(),
  /** solde_releve − solde_comptable. */
  ecart: z.number(),
  lignes: z.number(),
  pointees: z.number(),
  proposees: z.number(),
  a_traiter: z.number(),
  /** Every line pointée and the matched balance equal to the statement's, to the franc. */
  rapproche: z.boolean(),
});
export type TotauxRapprochement = z.infer<typeof TotauxRapprochement>;

export const RapprochementOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  compte: z.string(),
  compte_libelle: z.string(),
  preset: z.string().nullable(),
  fichier: z.string(),
  date_debut: z.string(),
  date_fin: z.string(),
  created_at: z.string(),
  totaux: TotauxRapprochement,
});
export type RapprochementOut = z.infer<typeof RapprochementOut>;

export const RapprochementDetailOut = RapprochementOut.extend({ lignes: z.array(LigneReleveOut) });
export type RapprochementDetailOut = z.infer<typeof RapprochementDetailOut>;

export const RapprochementLigneParams = z.object({
  id: zChamps.id('Le rapprochement'),
  ligneId: zChamps.id('La ligne'),
});

/** Pointing a line: to a movement, by creating its fee entry, or undone (`annuler`). One of the three. */
export const PointerBody = z
  .object({
    mouvement_id: zChamps.id('Le mouvement').optional(),
    creer: z.literal('frais', { error: 'Seuls des frais peuvent être créés (« frais »).' }).optional(),
    annuler: z.literal(true, { error: '« annuler » vaut true.' }).optional(),
  })
  .refine(
    (b) =>
      [b.mouvement_id !== undefined, b.creer !== undefined, b.annuler !== undefined].filter(Boolean)
        .length === 1,
    {
      error: 'Indiquez un mouvement (mouvement_id), des frais à créer (creer) ou l’annulation (annuler).',
      path: ['mouvement_id'],
    },
  );
export type PointerBody = z.infer<typeof PointerBody>;
