import { z } from 'zod';
import { NATURES_PIECE, NATURES_PIECE_DE_CAISSE, type NaturePieceDeCaisse } from './accounting.plan';
import { pieceTvaRefus } from './accounting.schemas';
import { zDateComptable } from './calendar';
import type { FRAIS_TYPES } from './chauffeur.rules';
import { endpointContract } from './contract';
import { zFichierEnvoye } from './files';
import { IdParams } from './list-query';
import { zMontant } from './money';
import { MODES_PAIEMENT } from './operations.lifecycle';
import { canSchema } from './permissions';
import { zChamps } from './reference';

// Driver advances (« avances de frais de route », issue #27 §4): money given to a driver for a course or a
// period, justified by his fuel paid « Avance du chauffeur » and his road expenses (driver's app or office),
// then settled (the remainder returned, or the shortfall paid). Each step is posted (docs/accounting.md).

export const AVANCE_STATUTS = ['Ouverte', 'Soldée', 'Annulée'] as const;
export type AvanceStatut = (typeof AVANCE_STATUTS)[number];

/** An advance's number, as its list shows it and its journal entries quote it (`AV-12`). */
export const numeroAvance = (id: number) => `AV-${id}`;

export const AVANCE_MSG = {
  chauffeurInconnu: "Ce chauffeur n'existe pas.",
  courseInconnue: "Cette course n'existe pas.",
  courseAutreChauffeur: "Cette course n'est pas confiée à ce chauffeur.",
  courseOuPeriode: "Indiquez la course ou la période (du … au …) de l'avance.",
  periodeIncomplete: 'Indiquez le début et la fin de la période.',
  periodeInversee: 'La fin de la période précède son début.',
  modeInvalide: "Le mode de paiement n'est pas valide.",
  modeObligatoire: 'Le mode de paiement est obligatoire.',
  nonOuverte: "Cette avance n'est plus ouverte : elle ne peut plus être modifiée.",
  chauffeurFige: "Le chauffeur d'une avance qui a des justificatifs ne peut pas changer.",
  pleinInconnu: "Ce plein n'existe pas.",
  fraisInconnu: "Ce frais de route n'existe pas.",
  depenseInconnue: "Cette dépense n'existe pas sur cette avance.",
  autreChauffeur: "Ce justificatif n'est pas celui du chauffeur de l'avance.",
  dejaJustifie: 'Ce justificatif est déjà rattaché à une avance.',
  pasSurAvance: "Ce justificatif n'est pas rattaché à cette avance.",
  pleinAutreMode:
    "Ce plein n'a pas été payé sur l'avance du chauffeur (mode caisse, carte ou bon) : il ne peut pas la justifier.",
  soldeMontant: (attendu: number, sens: string) =>
    `Le montant du solde doit être exactement de ${new Intl.NumberFormat('de-DE').format(attendu)} FCFA (${sens}).`,
  soldeDejaFait: 'Cette avance est déjà soldée.',
  annulee: 'Cette avance est annulée.',
  annulerSoldee: 'Une avance soldée ne peut plus être annulée.',
  justifieSurAvance: (numero: string) =>
    `Ce justificatif est rattaché à l'avance ${numero} : détachez-le de l'avance avant de le modifier ou de le supprimer.`,
} as const;

/** Where a road expense of the driver's app is posted: the cash vouchers' nature of the same expense. */
export const NATURE_DES_FRAIS: Record<(typeof FRAIS_TYPES)[number], NaturePieceDeCaisse> = {
  Péage: 'peage',
  Pesage: 'peage',
  Police: 'divers',
  Gendarmerie: 'divers',
  Douane: 'divers',
  Parking: 'frais_de_route',
  Réparation: 'entretien',
  'Per diem': 'frais_de_route',
  Autre: 'divers',
};

/** What an advance still owes: > 0 the driver returns it, < 0 the company pays him the shortfall. */
export function resteAvance(montant: number, justifie: number): number {
  return montant - justifie;
}

/** The words of a settlement's direction, from the rest. */
export function sensSolde(reste: number): string {
  if (reste > 0) return 'reste rendu par le chauffeur';
  if (reste < 0) return 'complément versé au chauffeur';
  return 'rien à régler';
}

const zMode = z.enum(MODES_PAIEMENT, {
  error: (iss) => (iss.input === undefined ? AVANCE_MSG.modeObligatoire : AVANCE_MSG.modeInvalide),
});

const avanceShape = {
  entreprise_id: zChamps.idOptionnel("L'entreprise"),
  chauffeur_id: zChamps.id('Le chauffeur'),
  course_id: zChamps.idOptionnel('La course'),
  date_debut: zChamps.dateOptionnelle('Le début de la période'),
  date_fin: zChamps.dateOptionnelle('La fin de la période'),
  montant: zMontant('Le montant', { min: 1 }),
  mode: zMode,
  date_operation: zDateComptable('La date'),
  reference: zChamps.texteOptionnel('La référence', 100),
  note: zChamps.texteOptionnel('La note', 1000),
};

type Periode = { course_id?: number | null; date_debut?: string | null; date_fin?: string | null };
/** A course, or a whole period (both ends, in order); the checks the API repeats on the stored row. */
export function avancePeriodeRefus(v: Periode): { champ: string; message: string } | null {
  if (!!v.date_debut !== !!v.date_fin) {
    return { champ: v.date_debut ? 'date_fin' : 'date_debut', message: AVANCE_MSG.periodeIncomplete };
  }
  if (!v.course_id && !v.date_debut) return { champ: 'course_id', message: AVANCE_MSG.courseOuPeriode };
  if (v.date_debut && v.date_fin && v.date_fin < v.date_debut) {
    return { champ: 'date_fin', message: AVANCE_MSG.periodeInversee };
  }
  return null;
}

export const AvanceBody = z.object(avanceShape).superRefine((v, ctx) => {
  const refus = avancePeriodeRefus(v);
  if (refus) ctx.addIssue({ code: 'custom', path: [refus.champ], message: refus.message });
});
export type AvanceBody = z.infer<typeof AvanceBody>;
/** While open: only what is sent changes (the API checks the period on the row as it ends up). */
export const AvanceUpdateBody = z.object(avanceShape).omit({ entreprise_id: true }).partial();
export type AvanceUpdateBody = z.infer<typeof AvanceUpdateBody>;

/** The kinds of justifying lines: a fuel fill, a road expense of the driver's app, an office-entered expense. */
export const JUSTIFICATIF_TYPES = ['plein', 'frais', 'depense'] as const;

const zNature = z.enum(NATURES_PIECE, {
  error: `La nature doit être l'une de : ${NATURES_PIECE.map((n) => NATURES_PIECE_DE_CAISSE[n].libelle).join(', ')}.`,
});

/**
 * `POST /api/avances/{id}/justificatifs`: attach a fill or a road expense, detach one (an office-entered
 * expense is removed), or enter an expense at the office (nature, amount, recoverable TVA where allowed).
 */
export const JustificatifBody = z
  .object({
    action: z.enum(['attacher', 'detacher', 'ajouter'], {
      error: "L'action doit être attacher, detacher ou ajouter.",
    }),
    type: z.enum(JUSTIFICATIF_TYPES, { error: 'Le type doit être plein, frais ou depense.' }).optional(),
    id: zChamps.idOptionnel('Le justificatif'),
    nature: zNature.optional(),
    libelle: zChamps.texteOptionnel('Le libellé', 255),
    montant: zMontant('Le montant', { min: 1 }).optional(),
    tva: zMontant('La TVA récupérable').optional(),
    date_operation: zDateComptable('La date').optional(),
  })
  .superRefine((v, ctx) => {
    const manque = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (v.action === 'ajouter') {
      if (!v.nature) manque('nature', 'La nature est obligatoire.');
      if (!v.libelle) manque('libelle', 'Le libellé est obligatoire.');
      if (v.montant === undefined) manque('montant', 'Le montant est obligatoire.');
      if (!v.date_operation) manque('date_operation', 'La date est obligatoire.');
      const refus = pieceTvaRefus(v);
      if (refus) manque('tva', refus);
      return;
    }
    if (!v.type) manque('type', 'Le type de justificatif est obligatoire.');
    else if (v.action === 'attacher' && v.type === 'depense') {
      manque('type', 'Une dépense du bureau se saisit avec « ajouter ».');
    }
    if (!v.id) manque('id', 'Le justificatif est obligatoire.');
  });
export type JustificatifBody = z.infer<typeof JustificatifBody>;

/** `POST /api/avances/{id}/solder`: the rest settled to the franc (0 when nothing remains). */
export const SolderBody = z.object({
  montant: zMontant('Le montant'),
  mode: zMode.optional(),
  date_operation: zDateComptable('La date').optional(),
});
export type SolderBody = z.infer<typeof SolderBody>;

export const AnnulerAvanceBody = z.object({ motif: zChamps.texteOptionnel('Le motif', 500) }).optional();

export const AvanceCan = canSchema('update', 'justificatifs', 'solder', 'annuler');
export function avanceCan(a: { statut: string }): z.infer<typeof AvanceCan> {
  const ouverte = a.statut === 'Ouverte';
  return { update: ouverte, justificatifs: ouverte, solder: ouverte, annuler: ouverte };
}

export const AvanceOut = z.object({
  id: z.number(),
  entreprise_id: z.number(),
  numero: z.string(),
  chauffeur: z.object({ id: z.number(), nom_complet: z.string() }),
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
  date_debut: z.string().nullable(),
  date_fin: z.string().nullable(),
  montant: z.number(),
  mode: z.enum(MODES_PAIEMENT),
  date_operation: z.string(),
  reference: z.string().nullable(),
  note: z.string().nullable(),
  statut: z.enum(AVANCE_STATUTS),
  /** The justified expenses, all lines. */
  justifie: z.number(),
  /** montant − justifié: > 0 to be returned by the driver, < 0 owed to him. */
  reste: z.number(),
  solde_montant: z.number().nullable(),
  /** 'rendu': the driver returned the remainder; 'verse': the company paid the shortfall. */
  solde_sens: z.enum(['rendu', 'verse']).nullable(),
  solde_mode: z.enum(MODES_PAIEMENT).nullable(),
  solde_date: z.string().nullable(),
  can: AvanceCan,
  created_at: z.string(),
  updated_at: z.string(),
});
export type AvanceOut = z.infer<typeof AvanceOut>;

export const JustificatifOut = z.object({
  type: z.enum(JUSTIFICATIF_TYPES),
  id: z.number(),
  /** The day it was spent (Libreville), its posting's date. */
  date: z.string(),
  libelle: z.string(),
  nature: z.enum(NATURES_PIECE),
  /** The charge account of its nature. */
  compte: z.string(),
  montant: z.number(),
  tva: z.number(),
  course: z.object({ id: z.number(), code: z.string() }).nullable(),
  /** Its photo (a receipt: `GET /api/photos-chauffeur/{id}`), or null. */
  photo_id: z.number().nullable(),
});
export type JustificatifOut = z.infer<typeof JustificatifOut>;

export const AvanceDetailOut = AvanceOut.extend({ justificatifs: z.array(JustificatifOut) });
export type AvanceDetailOut = z.infer<typeof AvanceDetailOut>;

/** `GET /api/avances/{id}/attachables`: the driver's fills and road expenses that may justify it. */
export const attachablesAvanceEndpoint = endpointContract({
  method: 'GET',
  path: '/api/avances/:id/attachables',
  params: IdParams,
  response: z.array(JustificatifOut),
});

/** `GET /api/chauffeur/avances` (driver's app): his own advances, the newest first (at most 20). */
export const chauffeurAvancesEndpoint = endpointContract({
  method: 'GET',
  path: '/api/chauffeur/avances',
  response: z.array(AvanceOut),
});

/**
 * `POST /api/avances/{id}/recu` (multipart/form-data): the receipt's photo of an expense entered at the office
 * (part « photo », 300 Ko as the driver's photos), joined to it or replacing its own.
 */
export const RecuDepenseBody = z.object({
  depense_id: zChamps.id('La dépense'),
  photo: zFichierEnvoye('photo', 'Envoyez la photo du reçu en multipart/form-data, champ « photo ».'),
});
export const recuDepenseAvanceEndpoint = endpointContract({
  method: 'POST',
  path: '/api/avances/:id/recu',
  params: IdParams,
  body: RecuDepenseBody,
  multipart: true,
  response: AvanceDetailOut,
});
