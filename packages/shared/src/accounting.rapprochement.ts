// Reconciliation of a bank or mobile-money statement with the books (issue 29 §6): the statement's file read
// through a column mapping (a preset or the user's own), then each line matched to a treasury movement of
// the same account (a line of 521, 552 or a sub-account): exact reference first, then the same amount within
// ±3 days (and the same phone when both give one). Each movement is used once; when a line has several
// candidates, or a candidate is wanted by several lines, nothing is matched automatically: the candidates
// are proposed and the user chooses. Pure: the API stores what this decides, the tests check it.

import { lireMontant } from './money';

/** A cell as a file gives it: CSV text, or an Excel value (number, date, text). */
export type CelluleReleve = string | number | boolean | Date | null | undefined;

export const CHAMPS_RELEVE = [
  'date',
  'libelle',
  'reference',
  'telephone',
  'montant',
  'debit',
  'credit',
  'frais',
] as const;
export type ChampReleve = (typeof CHAMPS_RELEVE)[number];

export const CHAMP_RELEVE_LIBELLES: Record<ChampReleve, string> = {
  date: 'Date',
  libelle: 'Libellé',
  reference: 'Référence',
  telephone: 'Téléphone',
  montant: 'Montant',
  debit: 'Débit',
  credit: 'Crédit',
  frais: 'Frais',
};

/** Which header (one of several names, accents and case aside) fills which field of a statement line. */
export type MappingReleve = Partial<Record<ChampReleve, string | string[]>>;

export const PRESETS_RELEVE = ['banque', 'airtel', 'moov'] as const;
export type PresetReleve = (typeof PRESETS_RELEVE)[number];

export const PRESET_RELEVE_LIBELLES: Record<PresetReleve, string> = {
  banque: 'Relevé bancaire (CSV)',
  airtel: 'Airtel Money (export marchand)',
  moov: 'Moov Money (export marchand)',
};

/**
 * The presets' column names. The bank's is the usual French CSV (date;libellé;débit;crédit, or one signed
 * amount). The Airtel Money and Moov Money merchant exports' names are plausible ones, TO BE CHECKED against
 * real exports (docs/accounting.md, « Rapprochements »): a mapping given with the file overrides them.
 */
export const PRESETS_MAPPING: Record<PresetReleve, MappingReleve> = {
  banque: {
    date: ['Date', 'Date opération', "Date d'opération", 'Date valeur'],
    libelle: ['Libellé', 'Libelle', 'Description', 'Opération'],
    reference: ['Référence', 'Reference', 'Réf.', 'N° pièce'],
    montant: ['Montant'],
    debit: ['Débit', 'Debit'],
    credit: ['Crédit', 'Credit'],
    frais: ['Frais', 'Commission'],
  },
  airtel: {
    date: ['Date', 'Date transaction', 'Transaction Date'],
    libelle: ['Type', 'Type de transaction', 'Description'],
    reference: ['ID Transaction', 'Transaction ID', 'Référence', 'Reference'],
    telephone: ['Numéro', 'Numéro client', 'MSISDN', 'Téléphone'],
    montant: ['Montant', 'Amount'],
    frais: ['Frais', 'Fees', 'Commission'],
  },
  moov: {
    date: ['Date', 'Date opération', 'Date transaction'],
    libelle: ['Type de transaction', 'Type', 'Libellé'],
    reference: ['Référence', 'Reference', 'ID Transaction', 'Transaction ID'],
    telephone: ['Numéro client', 'Numéro', 'Téléphone', 'MSISDN'],
    montant: ['Montant', 'Amount'],
    frais: ['Frais', 'Fees', 'Commission'],
  },
};

/** A statement line read: `montant` signed (a credit to the account positive), `frais` ≥ 0 taken off. */
export interface LigneReleve {
  /** The line's number in the file (the header is line 1). */
  numero: number;
  date: string;
  libelle: string;
  reference: string | null;
  telephone: string | null;
  montant: number;
  frais: number;
}

export interface ReleveLu {
  lignes: LigneReleve[];
  /** Line by line, what is wrong (line 0: the header). Nothing may be stored while there is one. */
  erreurs: { ligne: number; messages: string[] }[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, "'")
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** The day of a cell: an Excel date, `2026-11-03`, `03/11/2026`, `03-11-2026`, `03/11/26`, a time after it. */
export function lireDateReleve(cell: CelluleReleve): string | null {
  if (cell instanceof Date) {
    if (Number.isNaN(cell.getTime())) return null;
    return cell.toISOString().slice(0, 10);
  }
  if (typeof cell !== 'string') return null;
  const t = cell.trim();
  let y: number;
  let m: number;
  let d: number;
  let r = /^(\d{4})-(\d{2})-(\d{2})(?:[ T].*)?$/.exec(t);
  if (r) {
    [y, m, d] = [Number(r[1]), Number(r[2]), Number(r[3])];
  } else {
    r = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})(?:[ T].*)?$/.exec(t);
    if (!r) return null;
    [d, m, y] = [Number(r[1]), Number(r[2]), Number(r[3])];
    if (y < 100) y += 2000;
  }
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return date.toISOString().slice(0, 10);
}

/** Digits only, the last 8 (Gabon's numbers, with or without +241 / 241 / 0). */
export function normaliserTelephone(t: string | null | undefined): string | null {
  const digits = (t ?? '').replace(/\D/g, '');
  return digits.length >= 6 ? digits.slice(-8) : null;
}

const normaliserReference = (r: string | null | undefined): string | null => {
  const t = (r ?? '').replace(/\s+/g, '').toUpperCase();
  return t === '' ? null : t;
};

const texte = (cell: CelluleReleve): string => {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof Date) return cell.toISOString().slice(0, 10);
  return String(cell).trim();
};

/**
 * The lines of a statement: `rows` header first (readSheet's shape). Every column the mapping names must be
 * in the header (else one error on line 1, « colonne inconnue »), and a date and an amount (`montant`, or
 * `debit`/`credit`) must be mapped. Each line's date and amounts are read in French; blank lines skipped.
 */
export function lireReleve(rows: CelluleReleve[][], mapping: MappingReleve): ReleveLu {
  const erreurs: ReleveLu['erreurs'] = [];
  const header = (rows[0] ?? []).map((c) => fold(texte(c)));
  const index: Partial<Record<ChampReleve, number>> = {};
  const inconnues: string[] = [];
  for (const champ of CHAMPS_RELEVE) {
    const noms = mapping[champ];
    if (noms === undefined || (Array.isArray(noms) && noms.length === 0) || noms === '') continue;
    const liste = Array.isArray(noms) ? noms : [noms];
    const i = liste.map((n) => header.indexOf(fold(n))).find((n) => n >= 0);
    if (i !== undefined) index[champ] = i;
    // A user's mapping names one column: absent is an error. A preset lists several names: absent columns
    // are only an error for the date and the amounts (checked below).
    else if (!Array.isArray(noms))
      inconnues.push(`Colonne inconnue : « ${noms} » (${CHAMP_RELEVE_LIBELLES[champ]}).`);
  }
  if (inconnues.length) return { lignes: [], erreurs: [{ ligne: 1, messages: inconnues }] };
  const manque: string[] = [];
  if (index.date === undefined) manque.push('Aucune colonne de date reconnue dans l’en-tête du fichier.');
  if (index.montant === undefined && index.debit === undefined && index.credit === undefined)
    manque.push('Aucune colonne de montant (ou de débit et crédit) reconnue dans l’en-tête du fichier.');
  if (manque.length) return { lignes: [], erreurs: [{ ligne: 1, messages: manque }] };

  const cell = (row: CelluleReleve[], champ: ChampReleve) =>
    index[champ] === undefined ? undefined : row[index[champ]!];
  const lignes: LigneReleve[] = [];
  rows.slice(1).forEach((row, i) => {
    const numero = i + 2;
    if (row.every((c) => texte(c) === '')) return;
    const messages: string[] = [];
    const date = lireDateReleve(cell(row, 'date'));
    if (!date) messages.push(`Date invalide : « ${texte(cell(row, 'date'))} » (attendu JJ/MM/AAAA).`);
    const montantDe = (champ: ChampReleve, label: string): number => {
      const v = cell(row, champ);
      if (v === undefined) return 0;
      const lu = lireMontant(typeof v === 'number' ? Math.round(v) : texte(v), label);
      if (!lu.ok) {
        messages.push(`${lu.error} (« ${texte(v)} »)`);
        return 0;
      }
      return lu.value ?? 0;
    };
    let montant = 0;
    if (index.montant !== undefined && texte(cell(row, 'montant')) !== '')
      montant = montantDe('montant', 'Le montant');
    else montant = montantDe('credit', 'Le crédit') - Math.abs(montantDe('debit', 'Le débit'));
    const frais = Math.abs(montantDe('frais', 'Les frais'));
    if (messages.length === 0 && montant === 0 && frais === 0) messages.push('Montant absent ou nul.');
    if (messages.length) {
      erreurs.push({ ligne: numero, messages });
      return;
    }
    lignes.push({
      numero,
      date: date!,
      libelle: texte(cell(row, 'libelle')).slice(0, 255),
      reference: texte(cell(row, 'reference')).slice(0, 100) || null,
      telephone: texte(cell(row, 'telephone')).slice(0, 30) || null,
      montant,
      frais,
    });
  });
  if (erreurs.length === 0 && lignes.length === 0)
    erreurs.push({ ligne: 1, messages: ['Le fichier ne contient aucune ligne de relevé.'] });
  return { lignes, erreurs };
}

/** The rows of a CSV text (separator `;`, `,` or tab, guessed from the header), quotes as RFC 4180. */
export function lireCsv(text: string): string[][] {
  const t = text.replace(/^\ufeff/, '');
  const first = t.split(/\r?\n/, 1)[0] ?? '';
  const counts = [';', ',', '\t'].map((s) => [s, first.split(s).length] as const);
  const sep = counts.sort((a, b) => b[1] - a[1])[0]![0];
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (quoted) {
      if (c === '"' && t[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"' && field === '') quoted = true;
    else if (c === sep) {
      row.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && t[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((c) => c.trim() !== ''));
}

// ---------- Matching ----------

/** A recorded treasury movement: a line of the account, signed (debit − credit). */
export interface MouvementTresorerie {
  id: number;
  date: string;
  montant: number;
  reference?: string | null;
  piece?: string | null;
  telephone?: string | null;
}

export interface LigneAPointer {
  /** The line's key (its index or id). */
  cle: number;
  date: string;
  montant: number;
  reference?: string | null;
  telephone?: string | null;
}

export interface Pointage {
  /** Line key → the movement matched automatically. */
  pointes: Map<number, { mouvement: number; regle: 'reference' | 'montant' }>;
  /** Line key → the candidates proposed (closest date first), when not matched. */
  propositions: Map<number, number[]>;
}

/** How many days apart a line and its movement may be dated. */
export const FENETRE_JOURS = 3;
const MAX_PROPOSITIONS = 5;

const jours = (a: string, b: string) => Math.round((Date.parse(a) - Date.parse(b)) / 86_400_000);

/**
 * Matches statement lines to movements, each movement at most once: (1) a line whose reference equals a
 * movement's (its payment's reference or its piece) and whose amount is the same: matched when that
 * movement is the only one; (2) then the same amount within ±3 days, and the same phone when both give one:
 * matched when the line has exactly one candidate and no other line wants it. Everything else that has
 * candidates gets them proposed; the rest is « à traiter ».
 */
export function pointerReleve(
  lignes: readonly LigneAPointer[],
  mouvements: readonly MouvementTresorerie[],
): Pointage {
  const pointes: Pointage['pointes'] = new Map();
  const propositions: Pointage['propositions'] = new Map();
  const utilises = new Set<number>();

  // 1. Exact reference.
  for (const l of lignes) {
    const ref = normaliserReference(l.reference);
    if (!ref) continue;
    const memes = mouvements.filter(
      (m) =>
        !utilises.has(m.id) &&
        m.montant === l.montant &&
        (normaliserReference(m.reference) === ref || normaliserReference(m.piece) === ref),
    );
    if (memes.length === 1) {
      pointes.set(l.cle, { mouvement: memes[0]!.id, regle: 'reference' });
      utilises.add(memes[0]!.id);
    }
  }

  // 2. Same amount within the window, same phone when both give one.
  const candidats = new Map<number, MouvementTresorerie[]>();
  for (const l of lignes) {
    if (pointes.has(l.cle)) continue;
    const tel = normaliserTelephone(l.telephone);
    let c = mouvements.filter(
      (m) =>
        !utilises.has(m.id) &&
        m.montant === l.montant &&
        Math.abs(jours(m.date, l.date)) <= FENETRE_JOURS &&
        (!tel || !normaliserTelephone(m.telephone) || normaliserTelephone(m.telephone) === tel),
    );
    // A movement with the same phone wins over ones that give none.
    if (tel && c.some((m) => normaliserTelephone(m.telephone) === tel))
      c = c.filter((m) => normaliserTelephone(m.telephone) === tel);
    c.sort((a, b) => Math.abs(jours(a.date, l.date)) - Math.abs(jours(b.date, l.date)) || a.id - b.id);
    candidats.set(l.cle, c);
  }
  const demandes = new Map<number, number>();
  for (const c of candidats.values()) for (const m of c) demandes.set(m.id, (demandes.get(m.id) ?? 0) + 1);
  for (const [cle, c] of candidats) {
    if (c.length === 1 && demandes.get(c[0]!.id) === 1) {
      pointes.set(cle, { mouvement: c[0]!.id, regle: 'montant' });
      utilises.add(c[0]!.id);
    }
  }
  for (const [cle, c] of candidats) {
    if (pointes.has(cle)) continue;
    const libres = c.filter((m) => !utilises.has(m.id)).slice(0, MAX_PROPOSITIONS);
    if (libres.length)
      propositions.set(
        cle,
        libres.map((m) => m.id),
      );
  }
  return { pointes, propositions };
}

export const ETATS_LIGNE_RELEVE = ['pointee', 'proposee', 'a_traiter'] as const;
export type EtatLigneReleve = (typeof ETATS_LIGNE_RELEVE)[number];
export const ETAT_LIGNE_RELEVE_LIBELLES: Record<EtatLigneReleve, string> = {
  pointee: 'Pointée',
  proposee: 'Proposée',
  a_traiter: 'À traiter',
};

/**
 * A line's state: pointée when its amount is matched (or nil) and its fees are posted (or nil); proposée when
 * candidates wait for the user; à traiter otherwise.
 */
export function etatLigneReleve(l: {
  montant: number;
  frais: number;
  mouvement_id: number | null;
  frais_ecriture_id: number | null;
  propositions: readonly number[];
}): EtatLigneReleve {
  const montantOk = l.montant === 0 || l.mouvement_id !== null;
  const fraisOk = l.frais === 0 || l.frais_ecriture_id !== null;
  if (montantOk && fraisOk) return 'pointee';
  if (!montantOk && l.propositions.length) return 'proposee';
  return 'a_traiter';
}

/**
 * The fee entry a line asks for (`creer: 'frais'`): its fees once its amount is matched; or, for an unmatched
 * outflow (a bank's charges line), the whole outflow and its fees. Null when there is nothing to post.
 */
export function fraisAPasser(l: {
  montant: number;
  frais: number;
  mouvement_id: number | null;
  frais_ecriture_id: number | null;
}): { montant: number; couvreMontant: boolean } | null {
  if (l.frais_ecriture_id !== null) return null;
  if (l.mouvement_id === null && l.montant < 0) return { montant: -l.montant + l.frais, couvreMontant: true };
  if ((l.mouvement_id !== null || l.montant === 0) && l.frais > 0)
    return { montant: l.frais, couvreMontant: false };
  return null;
}
