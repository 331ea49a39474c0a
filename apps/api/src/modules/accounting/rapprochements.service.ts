import {
  type CelluleReleve,
  CHAMPS_RELEVE,
  etatLigneReleve,
  FENETRE_JOURS,
  type FichierEnvoye,
  fraisAPasser,
  type ImportReport,
  type LigneReleveOut,
  libelleCompte,
  lireCsv,
  lireReleve,
  type MappingReleve,
  type MouvementOut,
  type MouvementTresorerie,
  type PointerBody,
  PRESETS_MAPPING,
  pointerReleve,
  type RapprochementBody,
  type RapprochementDetailOut,
  type RapprochementOut,
  todayInGabon,
} from '@yams/shared';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type CompanySql, scoped } from '../../db/scoped';
import { resolveEntreprise } from '../../db/tenancy';
import { isUniqueViolation } from '../../lib/db-errors';
import { AppError, fieldErrors } from '../../lib/errors';
import { importErrors } from '../../lib/import';
import { transaction } from '../../lib/transaction';
import type { Scope } from '../../plugins/auth';
import { paiements } from '../operations/operations.table';
import {
  ecritureLignes,
  ecritures,
  type Rapprochement,
  type RapprochementLigne,
  rapprochementLignes,
  rapprochements,
  reglements,
} from './accounting.table';
import { contrePasserSource, passerEcriture } from './journal.service';

// Reconciliation of a bank or mobile-money statement (issue 29 §6, docs/accounting.md « Rapprochements »):
// the file read through a preset or a column mapping (accounting.rapprochement.ts), its lines matched to the
// account's journal lines and stored all at once, or nothing stored; then the user points what remains.

const FRAIS_BANCAIRES = '631';

const notFound = () => new AppError('rapprochements.not_found', 404, ["Ce rapprochement n'existe pas."]);

/** Two imports or pointings at once that took the same movement: the second is told to try again. */
async function unMouvementUneFois<T>(run: () => Promise<T>, champ: string): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (isUniqueViolation(err, 'rapprochement_lignes_mouvement_idx')) {
      throw fieldErrors({ [champ]: 'Un mouvement vient d’être pointé par ailleurs : réessayez.' });
    }
    throw err;
  }
}

const day = (d: string, delta: number) =>
  new Date(Date.parse(d) + delta * 86_400_000).toISOString().slice(0, 10);

/** The rows of the file, header first: a CSV (UTF-8, else Latin-1) or the first sheet of an .xlsx. */
async function lignesDuFichier(fichier: FichierEnvoye): Promise<CelluleReleve[][]> {
  const nom = fichier.nom.toLowerCase();
  if (fichier.octets.length === 0) throw fieldErrors({ fichier: 'Le fichier est vide.' });
  if (nom.endsWith('.csv') || fichier.type === 'text/csv') {
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(fichier.octets);
    } catch {
      text = new TextDecoder('latin1').decode(fichier.octets);
    }
    return lireCsv(text);
  }
  if (nom.endsWith('.xlsx')) {
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    try {
      await workbook.xlsx.load(Buffer.from(fichier.octets) as unknown as ArrayBuffer);
    } catch {
      throw fieldErrors({
        fichier: 'Ce fichier Excel ne peut pas être lu. Enregistrez-le au format .xlsx et réessayez.',
      });
    }
    const sheet = workbook.worksheets[0];
    const rows: CelluleReleve[][] = [];
    sheet?.eachRow({ includeEmpty: true }, (row, n) => {
      rows[n - 1] = (row.values as unknown[]).slice(1).map(excelCell);
    });
    return Array.from(rows, (r) => r ?? []);
  }
  throw fieldErrors({ fichier: 'Choisissez un fichier CSV ou Excel (.xlsx).' });
}

function excelCell(value: unknown): CelluleReleve {
  if (value === null || value === undefined) return null;
  if (value instanceof Date || typeof value !== 'object') return value as CelluleReleve;
  const v = value as { richText?: { text: string }[]; result?: unknown; text?: string };
  if (v.richText) return v.richText.map((t) => t.text).join('');
  if ('result' in v) return excelCell(v.result);
  if (typeof v.text === 'string') return v.text;
  return String(value);
}

/** The preset's mapping, with the user's columns (JSON) over it; a French 422 on `colonnes` or `preset`. */
function mappingDe(body: RapprochementBody): MappingReleve {
  let colonnes: MappingReleve = {};
  if (body.colonnes !== undefined && body.colonnes.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.colonnes);
    } catch {
      throw fieldErrors({
        colonnes: 'Les colonnes doivent être un objet JSON : {"date": "Date", "montant": "Montant"}.',
      });
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      throw fieldErrors({
        colonnes: 'Les colonnes doivent être un objet JSON : {"date": "Date", "montant": "Montant"}.',
      });
    }
    for (const [k, v] of Object.entries(parsed)) {
      if (!(CHAMPS_RELEVE as readonly string[]).includes(k)) {
        throw fieldErrors({
          colonnes: `Champ inconnu « ${k} » : les champs sont ${CHAMPS_RELEVE.join(', ')}.`,
        });
      }
      if (typeof v !== 'string' || v.trim() === '' || v.length > 100) {
        throw fieldErrors({
          colonnes: `La colonne du champ « ${k} » doit être le nom d'une colonne du fichier.`,
        });
      }
    }
    colonnes = parsed as MappingReleve;
  }
  if (!body.preset && Object.keys(colonnes).length === 0) {
    throw fieldErrors({
      preset: 'Choisissez un modèle de relevé (banque, airtel, moov) ou indiquez les colonnes.',
    });
  }
  return { ...(body.preset ? PRESETS_MAPPING[body.preset] : {}), ...colonnes };
}

interface MouvementBrut {
  id: number;
  ecriture_id: number;
  date_operation: string;
  libelle: string;
  piece: string | null;
  reference: string | null;
  telephone: string | null;
  debit: number;
  credit: number;
}

/** The journal lines of the account (and its sub-accounts) between two days, with their payment's reference. */
async function mouvements(
  raw: CompanySql,
  compte: string,
  debut: string,
  fin: string,
  ids?: number[],
): Promise<(MouvementOut & MouvementTresorerie)[]> {
  const filtre = ids
    ? ids.length
      ? sql`ecriture_lignes.id in (${sql.join(ids, sql`, `)})`
      : sql`false`
    : sql`ecriture_lignes.compte like ${`${compte}%`} and ecriture_lignes.date_operation between ${debut} and ${fin}`;
  const rows = await raw.rows<MouvementBrut>(sql`
    select ecriture_lignes.id, ecriture_lignes.ecriture_id, ecriture_lignes.date_operation::text as date_operation,
      ecriture_lignes.libelle, e.piece, coalesce(p.reference, r.reference) as reference,
      u.telephone1 as telephone, ecriture_lignes.debit, ecriture_lignes.credit
    from ${ecritureLignes}
    join ${ecritures} e on e.id = ecriture_lignes.ecriture_id
    left join ${paiements} p on e.source_type = 'paiement' and p.id = e.source_id and p.entreprise_id = e.entreprise_id
    left join ${reglements} r on e.source_type = 'reglement' and r.id = e.source_id and r.entreprise_id = e.entreprise_id
    left join users u on u.id = p.client_id
    where ${raw.own(ecritureLignes)} and ${filtre}
    order by ecriture_lignes.date_operation, ecriture_lignes.id`);
  return rows.map((r) => ({
    id: Number(r.id),
    ecriture_id: Number(r.ecriture_id),
    date: String(r.date_operation).slice(0, 10),
    libelle: String(r.libelle),
    piece: r.piece,
    reference: r.reference,
    telephone: r.telephone,
    montant: Number(r.debit) - Number(r.credit),
  }));
}

async function mouvementsUtilises(tx: Db, entrepriseId: number): Promise<Set<number>> {
  const rows = await scoped(tx, { entrepriseId })
    .select({ id: rapprochementLignes.mouvement_id })
    .from(rapprochementLignes)
    .where(isNotNull(rapprochementLignes.mouvement_id));
  return new Set(rows.map((r: { id: number | null }) => r.id!));
}

/** `POST /api/comptabilite/rapprochements`: the statement and its lines with their matches, or nothing. */
export async function importerRapprochement(
  db: Db,
  scope: Scope,
  body: RapprochementBody,
  entreprise?: number,
): Promise<number> {
  const entrepriseId = resolveEntreprise(scope, entreprise);
  const mapping = mappingDe(body);
  const rows = await lignesDuFichier(body.fichier);
  const lu = lireReleve(rows, mapping);
  if (lu.erreurs.length) {
    const report: ImportReport = { lignes: Math.max(rows.length - 1, 0), importees: 0, erreurs: lu.erreurs };
    throw new AppError('rapprochements.invalide', 422, importErrors(report), report);
  }
  const dates = lu.lignes.map((l) => l.date).sort();
  const debut = dates[0]!;
  const fin = dates[dates.length - 1]!;
  return unMouvementUneFois(
    () =>
      transaction(db, async (tx) => {
        const s = scoped(tx, { entrepriseId });
        const utilises = await mouvementsUtilises(tx, entrepriseId);
        const candidats = (
          await mouvements(
            s.raw() as CompanySql,
            body.compte,
            day(debut, -FENETRE_JOURS),
            day(fin, FENETRE_JOURS),
          )
        ).filter((m) => !utilises.has(m.id));
        const pointage = pointerReleve(
          lu.lignes.map((l, i) => ({
            cle: i,
            date: l.date,
            montant: l.montant,
            reference: l.reference,
            telephone: l.telephone,
          })),
          candidats,
        );
        const [r] = await s
          .insert(rapprochements)
          .values({
            compte: body.compte,
            preset: body.preset ?? null,
            fichier: body.fichier.nom.slice(0, 255),
            date_debut: debut,
            date_fin: fin,
            cree_par: scope.user.id,
          })
          .returning({ id: rapprochements.id });
        await s.insert(rapprochementLignes).values(
          lu.lignes.map((l, i) => ({
            rapprochement_id: r!.id,
            numero: l.numero,
            date_operation: l.date,
            libelle: l.libelle,
            reference: l.reference,
            telephone: l.telephone,
            montant: l.montant,
            frais: l.frais,
            mouvement_id: pointage.pointes.get(i)?.mouvement ?? null,
            regle: pointage.pointes.get(i)?.regle ?? null,
            propositions: pointage.propositions.get(i) ?? [],
          })),
        );
        return r!.id;
      }),
    'fichier',
  );
}

async function findRapprochement(db: Db, scope: Scope, id: number): Promise<Rapprochement> {
  const [r] = await scoped(db, scope).select().from(rapprochements).where(eq(rapprochements.id, id));
  if (!r) throw notFound();
  return r;
}

function totaux(lignes: LigneReleveOut[], soldeComptable: number) {
  const solde_releve = lignes.reduce((s, l) => s + l.montant - l.frais, 0);
  const solde_pointe = lignes.reduce(
    (s, l) =>
      s + (l.mouvement?.montant ?? 0) - (l.frais_ecriture_id !== null && l.regle !== 'frais' ? l.frais : 0),
    0,
  );
  const count = (e: LigneReleveOut['etat']) => lignes.filter((l) => l.etat === e).length;
  return {
    solde_releve,
    solde_pointe,
    solde_comptable: soldeComptable,
    ecart: solde_releve - soldeComptable,
    lignes: lignes.length,
    pointees: count('pointee'),
    proposees: count('proposee'),
    a_traiter: count('a_traiter'),
    rapproche: lignes.length > 0 && count('pointee') === lignes.length && solde_pointe === solde_releve,
  };
}

async function soldeComptable(raw: CompanySql, r: Rapprochement): Promise<number> {
  const [row] = await raw.rows<{ solde: string | number | null }>(sql`
    select coalesce(sum(debit - credit), 0) as solde from ${ecritureLignes}
    where ${raw.own(ecritureLignes)} and compte like ${`${r.compte}%`}
      and date_operation between ${r.date_debut} and ${r.date_fin}`);
  return Number(row?.solde ?? 0);
}

/** The statement with its lines, matches, proposals (movements still free) and totals. */
export async function getRapprochement(db: Db, scope: Scope, id: number): Promise<RapprochementDetailOut> {
  const r = await findRapprochement(db, scope, id);
  const s = scoped(db, { entrepriseId: r.entreprise_id });
  const raw = s.raw() as CompanySql;
  const lignes: RapprochementLigne[] = await s
    .select()
    .from(rapprochementLignes)
    .where(eq(rapprochementLignes.rapprochement_id, r.id))
    .orderBy(rapprochementLignes.numero);
  const utilises = await mouvementsUtilises(db, r.entreprise_id);
  const ids = [
    ...new Set(lignes.flatMap((l) => [...(l.mouvement_id ? [l.mouvement_id] : []), ...l.propositions])),
  ];
  const parId = new Map((await mouvements(raw, r.compte, '', '', ids)).map((m) => [m.id, m]));
  const out = (m: MouvementOut & MouvementTresorerie): MouvementOut => ({
    id: m.id,
    ecriture_id: m.ecriture_id,
    date: m.date,
    libelle: m.libelle,
    piece: m.piece,
    reference: m.reference ?? null,
    montant: m.montant,
  });
  const sorties: LigneReleveOut[] = lignes.map((l) => {
    const propositions = l.mouvement_id
      ? []
      : l.propositions.filter((p) => !utilises.has(p) && parId.has(p)).map((p) => out(parId.get(p)!));
    const mouvement = l.mouvement_id && parId.has(l.mouvement_id) ? out(parId.get(l.mouvement_id)!) : null;
    return {
      id: l.id,
      numero: l.numero,
      date: l.date_operation,
      libelle: l.libelle,
      reference: l.reference,
      telephone: l.telephone,
      montant: l.montant,
      frais: l.frais,
      etat: etatLigneReleve({ ...l, propositions: propositions.map((p) => p.id) }),
      regle: l.regle,
      mouvement,
      frais_ecriture_id: l.frais_ecriture_id,
      propositions,
    };
  });
  const t = totaux(sorties, await soldeComptable(raw, r));
  return { ...resume(r), totaux: t, lignes: sorties };
}

function resume(r: Rapprochement) {
  return {
    id: r.id,
    entreprise_id: r.entreprise_id,
    compte: r.compte,
    compte_libelle: libelleCompte(r.compte),
    preset: r.preset,
    fichier: r.fichier,
    date_debut: r.date_debut,
    date_fin: r.date_fin,
    created_at: String(r.created_at),
  };
}

/** `GET /api/comptabilite/rapprochements`: newest first, each with its totals. */
export async function listRapprochements(
  db: Db,
  scope: Scope,
  entreprise?: number,
): Promise<RapprochementOut[]> {
  const s = scoped(db, scope);
  const rows: Rapprochement[] = await s
    .select()
    .from(rapprochements)
    .where(
      entreprise && scope.entrepriseId === null ? eq(rapprochements.entreprise_id, entreprise) : undefined,
    )
    .orderBy(desc(rapprochements.id))
    .limit(200);
  const out: RapprochementOut[] = [];
  for (const r of rows) {
    const { lignes: _, ...detail } = await getRapprochement(db, scope, r.id);
    out.push(detail);
  }
  return out;
}

/** `POST …/lignes/{ligneId}/pointer`: a movement, a fee entry (631 against the account), or undone. */
export async function pointerLigne(
  db: Db,
  scope: Scope,
  id: number,
  ligneId: number,
  body: PointerBody,
): Promise<void> {
  const r = await findRapprochement(db, scope, id);
  const entrepriseId = r.entreprise_id;
  await unMouvementUneFois(
    () =>
      transaction(db, async (tx) => {
        const s = scoped(tx, { entrepriseId });
        const [l] = await s
          .select()
          .from(rapprochementLignes)
          .where(and(eq(rapprochementLignes.id, ligneId), eq(rapprochementLignes.rapprochement_id, r.id)))
          .for('update');
        if (!l)
          throw new AppError('rapprochements.ligne_not_found', 404, [
            `La ligne n°${ligneId} n'existe pas dans ce relevé.`,
          ]);

        if (body.mouvement_id !== undefined) {
          if (l.mouvement_id !== null)
            throw fieldErrors({ mouvement_id: "La ligne est déjà pointée : annulez d'abord son pointage." });
          const [m] = await mouvements(s.raw() as CompanySql, r.compte, '', '', [body.mouvement_id]);
          if (!m || !(await compteDe(tx, entrepriseId, m.id))?.startsWith(r.compte)) {
            throw fieldErrors({ mouvement_id: `Ce mouvement n'est pas une ligne du compte ${r.compte}.` });
          }
          if (m.montant !== l.montant) {
            throw fieldErrors({
              mouvement_id: `Le montant du mouvement (${fmt(m.montant)} FCFA) n'est pas celui de la ligne (${fmt(l.montant)} FCFA).`,
            });
          }
          if ((await mouvementsUtilises(tx, entrepriseId)).has(m.id)) {
            throw fieldErrors({
              mouvement_id: 'Ce mouvement est déjà pointé avec une autre ligne de relevé.',
            });
          }
          await s
            .update(rapprochementLignes)
            .set({ mouvement_id: m.id, regle: 'manuel' })
            .where(eq(rapprochementLignes.id, l.id));
          return;
        }

        if (body.creer === 'frais') {
          const frais = fraisAPasser(l);
          if (!frais) throw fieldErrors({ creer: "Cette ligne n'a pas de frais à passer en écriture." });
          const mobile = r.compte.startsWith('552');
          const ecritureId = await passerEcriture(tx, {
            entreprise_id: entrepriseId,
            date_operation: l.date_operation,
            type: 'Banque',
            libelle: `${mobile ? 'Frais de monnaie électronique' : 'Frais bancaires'}${l.libelle ? ` — ${l.libelle}` : ''}`,
            piece: l.reference?.slice(0, 60) ?? null,
            source_type: 'rapprochement',
            source_id: l.id,
            lignes: [
              { compte: FRAIS_BANCAIRES, debit: frais.montant, credit: 0 },
              { compte: r.compte, debit: 0, credit: frais.montant },
            ],
          });
          const [credit] = await s
            .select({ id: ecritureLignes.id })
            .from(ecritureLignes)
            .where(and(eq(ecritureLignes.ecriture_id, ecritureId), eq(ecritureLignes.compte, r.compte)));
          await s
            .update(rapprochementLignes)
            .set({
              frais_ecriture_id: ecritureId,
              ...(frais.couvreMontant ? { mouvement_id: credit!.id, regle: 'frais' } : {}),
            })
            .where(eq(rapprochementLignes.id, l.id));
          return;
        }

        // annuler: the match undone, the fee entry reversed.
        if (l.mouvement_id === null && l.frais_ecriture_id === null) {
          throw fieldErrors({ annuler: "Cette ligne n'est pas pointée." });
        }
        if (l.frais_ecriture_id !== null) {
          await contrePasserSource(
            tx,
            entrepriseId,
            { type: 'rapprochement', id: l.id },
            todayInGabon(),
            'Annulation du pointage',
          );
        }
        await s
          .update(rapprochementLignes)
          .set({ mouvement_id: null, regle: null, frais_ecriture_id: null })
          .where(eq(rapprochementLignes.id, l.id));
      }),
    'mouvement_id',
  );
}

async function compteDe(tx: Db, entrepriseId: number, ligne: number): Promise<string | null> {
  const [row] = await scoped(tx, { entrepriseId })
    .select({ compte: ecritureLignes.compte })
    .from(ecritureLignes)
    .where(inArray(ecritureLignes.id, [ligne]));
  return row?.compte ?? null;
}

const fmt = (n: number) => new Intl.NumberFormat('de-DE').format(n);
