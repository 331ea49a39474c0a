import fs from 'node:fs/promises';
import {
  arreteEnLettres,
  FACTURE_TYPE_LABELS,
  type FactureOut,
  type FactureType,
  formatDate,
  formatMoney,
  formatTaux,
  libelleDelai,
} from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { scoped } from '../../db/scoped';
import { cachedDocument } from '../../lib/document-cache';
import { LogoFiles } from '../entreprise/parametres.files';
import { factures } from './accounting.table';
import { type EmetteurFige, emetteurActuel } from './facture.figee';
import type { Style } from './pdf-fonts';

// The invoice as it prints: A4 portrait, half-inch margins, real (extractable) text in Noto Sans (pdf-fonts.ts:
// every accent, Greek, Cyrillic, emoji in Noto Emoji, nothing printed as garbage). A validated invoice prints
// the issuer and client blocks frozen at its validation (facture.figee.ts), dated by its validation: the
// same bytes whatever changed since; a draft prints the company's current details.

const MARGIN = 36; // 0.5 in
const GRIS = '#555555';
const BLEU = '#1f3a5f';

export interface EnTete extends Omit<EmetteurFige, 'logo'> {
  logo: Buffer | null;
}

const titreDocument = (f: FactureOut) =>
  f.type === 'Avoir' ? 'AVOIR' : f.type === 'Pro forma' ? 'FACTURE PRO FORMA' : 'FACTURE';

export async function facturePdf(db: Db, f: FactureOut, dataDir: string): Promise<Buffer> {
  const [row] = await scoped(db, { entrepriseId: f.entreprise_id })
    .select({ emetteur: factures.emetteur })
    .from(factures)
    .where(eq(factures.id, f.id))
    .limit(1);
  const emetteur = row?.emetteur ?? (await emetteurActuel(db, f.entreprise_id));
  let logo: Buffer | null = null;
  if (emetteur.logo) {
    logo = await fs.readFile(new LogoFiles(dataDir).absolute(emetteur.logo)).catch(() => null);
  }
  const render = () => renderFacturePdf(f, { ...emetteur, logo });
  // A validated invoice prints the same bytes for the same figures: rendered once (lib/document-cache.ts).
  if (!f.validee_le) return render();
  return cachedDocument(
    {
      dataDir,
      folder: 'factures',
      name: `${f.entreprise_id}-${f.id}`,
      renderer: import.meta.url,
      inputs: { f, emetteur },
    },
    render,
  );
}

export async function renderFacturePdf(f: FactureOut, e: EnTete): Promise<Buffer> {
  // pdfkit (~0.5 s to load) only when a PDF is printed: the API starts without it.
  const { default: PDFDocument } = await import('pdfkit');
  // The fonts too (fontkit and 2.5 MB of font files).
  const { POLICE, printable, registerFonts, write } = await import('./pdf-fonts');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: {
      Title: `${titreDocument(f)} ${f.numero ?? ''}`.trim(),
      Author: printable(e.raison_sociale, 'regular'),
      // A validated invoice is one document: dated by its validation, it prints the same bytes every time.
      ...(f.validee_le ? { CreationDate: new Date(f.validee_le) } : {}),
    },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  /** `doc.text` in a style of the invoice's font (pdf-fonts.ts). */
  const t = (style: Style, s: string, x?: number, y?: number, o?: PDFKit.Mixins.TextOptions) =>
    write(doc, style, s, x, y, o);

  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bottomLimit = () => doc.page.height - MARGIN - 30;

  // Company block (left) and document block (right).
  let y = MARGIN;
  if (e.logo) {
    try {
      doc.image(e.logo, left, y, { fit: [80, 60] });
    } catch {
      // An unreadable logo is left out rather than failing the invoice.
    }
  }
  const cx = e.logo ? left + 90 : left;
  doc.fillColor(BLEU).fontSize(14);
  t('bold', e.raison_sociale, cx, y, { width: 260 });
  doc.fontSize(9).fillColor(GRIS);
  for (const line of [
    e.adresse,
    e.bp,
    [e.telephone && `Tél. : ${e.telephone}`, e.email].filter(Boolean).join(' — ') || null,
    [e.nif && `NIF : ${e.nif}`, e.rccm && `RCCM : ${e.rccm}`].filter(Boolean).join(' — ') || null,
  ]) {
    if (line) t('regular', line, cx, doc.y, { width: 260 });
  }
  const companyBottom = doc.y;

  doc.fillColor(BLEU).fontSize(16);
  t('bold', titreDocument(f), left + width - 220, y, { width: 220, align: 'right' });
  doc.fontSize(10).fillColor('black');
  t('regular', f.numero ? `N° ${f.numero}` : `Brouillon n°${f.id}`, left + width - 220, doc.y + 2, {
    width: 220,
    align: 'right',
  });
  t('regular', `Date : ${formatDate(f.date_operation)}`, undefined, undefined, {
    width: 220,
    align: 'right',
  });
  if (f.type !== 'Avoir') {
    // The payment term and the due date it gives (an avoir is owed back at once).
    for (const line of [
      `Paiement : ${libelleDelai(f.delai_paiement)}`,
      `Échéance : ${formatDate(f.date_echeance)}`,
    ])
      t('regular', line, undefined, undefined, { width: 220, align: 'right' });
  }
  if (f.expirable && f.date_expiration)
    t('regular', `Valable jusqu'au : ${formatDate(f.date_expiration)}`, undefined, undefined, {
      width: 220,
      align: 'right',
    });
  if (f.origine?.numero)
    t(
      'regular',
      `${f.type === 'Avoir' ? 'Sur facture' : 'Pro forma'} : ${f.origine.numero}`,
      undefined,
      undefined,
      {
        width: 220,
        align: 'right',
      },
    );
  t('regular', `Type : ${FACTURE_TYPE_LABELS[f.type as FactureType] ?? f.type}`, undefined, undefined, {
    width: 220,
    align: 'right',
  });

  // Client block (its frame as tall as what it holds).
  y = Math.max(companyBottom, doc.y) + 18;
  const bx = left + width - 250;
  doc.fillColor(GRIS).fontSize(8);
  t('regular', 'CLIENT', bx + 10, y + 8);
  doc.fillColor('black').fontSize(11);
  t('bold', f.client.nom_complet, bx + 10, y + 20, { width: 230 });
  doc.fontSize(9);
  const c = f.client;
  for (const line of [
    c.adresse,
    c.bp,
    [c.telephone1, c.telephone2].filter(Boolean).join(' / ') || null,
    c.email,
  ]) {
    if (line) t('regular', line, bx + 10, doc.y, { width: 230 });
  }
  const cadre = Math.max(78, doc.y - y + 8);
  doc.roundedRect(bx, y, 250, cadre, 4).strokeColor('#bbbbbb').stroke();
  y += cadre + 18;

  // Lines.
  const cols = [
    { key: 'description', label: 'Désignation', w: width - 330, align: 'left' as const },
    { key: 'qte', label: 'Qté', w: 50, align: 'right' as const },
    { key: 'pu', label: 'Prix unitaire', w: 95, align: 'right' as const },
    { key: 'remise', label: 'Remise', w: 80, align: 'right' as const },
    { key: 'total', label: 'Montant', w: 105, align: 'right' as const },
  ];
  const header = () => {
    doc.rect(left, y, width, 20).fill(BLEU);
    let x = left;
    doc.fillColor('white').fontSize(9);
    for (const col of cols) {
      t('bold', col.label, x + 4, y + 6, { width: col.w - 8, align: col.align });
      x += col.w;
    }
    y += 20;
    doc.fillColor('black');
  };
  header();
  for (const [i, l] of f.content.entries()) {
    const style: Style = l.isTitle ? 'bold' : 'regular';
    const descHeight = doc
      .font(POLICE[style])
      .fontSize(9)
      .heightOfString(printable(l.description, style), { width: cols[0]!.w - 8 });
    const h = Math.max(18, descHeight + 8);
    if (y + h > bottomLimit()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    if (l.isTitle) {
      doc.rect(left, y, width, h).fill('#eef2f7');
      doc.fillColor('black');
      t('bold', l.description, left + 4, y + 5, { width: width - 8 });
    } else {
      if (i % 2 === 1) doc.rect(left, y, width, h).fill('#fafafa');
      doc.fillColor('black');
      const values = [
        l.description,
        String(l.qte ?? ''),
        formatMoney(l.prix_unitaire ?? 0),
        l.reduction > 0 ? formatMoney(l.reduction) : '—',
        formatMoney(l.net_a_payer),
      ];
      let x = left;
      for (const [k, col] of cols.entries()) {
        t('regular', values[k]!, x + 4, y + 5, { width: col.w - 8, align: col.align });
        x += col.w;
      }
    }
    y += h;
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .strokeColor('#dddddd')
      .lineWidth(0.5)
      .stroke();
  }

  // Totals and tax breakdown.
  const totaux: Array<[string, number, boolean?]> = [['Total HT', f.total_ht]];
  if (f.appliquer_tva) totaux.push([`TVA (${formatTaux(f.taux_tva)})`, f.tva]);
  if (f.appliquer_css) totaux.push([`CSS (${formatTaux(f.taux_css)})`, f.css]);
  totaux.push(['Total TTC', f.total_ttc]);
  if (f.appliquer_tps) totaux.push([`TPS retenue à la source (${formatTaux(f.taux_tps)})`, -f.tps]);
  if (f.reduction > 0) totaux.push(['Remise', -f.reduction]);
  totaux.push(['Net à payer', f.net_a_payer, true]);
  const needed = totaux.length * 18 + 120;
  if (y + needed > bottomLimit()) {
    doc.addPage();
    y = MARGIN;
  }
  y += 12;
  const tx = left + width - 260;
  for (const [label, montant, fort] of totaux) {
    if (fort) doc.rect(tx, y - 3, 260, 20).fill('#eef2f7');
    doc.fillColor('black').fontSize(fort ? 11 : 9.5);
    const style: Style = fort ? 'bold' : 'regular';
    t(style, label, tx + 6, y, { width: 150 });
    t(style, montant < 0 ? `- ${formatMoney(-montant)}` : formatMoney(montant), tx + 150, y, {
      width: 104,
      align: 'right',
    });
    y += 18;
  }
  if (f.montant_regle > 0 && f.type === 'Normale') {
    // Settlements and credit notes apart: both lower what remains due, only the first is money received.
    const regle = f.reglements.reduce((n, r) => n + r.montant, 0);
    const parts = [
      regle > 0 ? `Déjà réglé : ${formatMoney(regle)}` : null,
      f.montant_credite > 0 ? `Avoirs : ${formatMoney(f.montant_credite)}` : null,
      `Reste à payer : ${formatMoney(f.reste_a_payer)}`,
    ];
    doc.fontSize(9).fillColor(GRIS);
    t('regular', parts.filter(Boolean).join(' — '), tx - 40, y + 2, { width: 300, align: 'right' });
    y += 16;
  }
  y += 10;
  const phrase = arreteEnLettres(
    f.net_a_payer,
    f.type === 'Avoir' ? 'le présent avoir' : 'la présente facture',
  );
  doc.fillColor('black').fontSize(10);
  t('italic', `${phrase}.`, left, y, { width });
  y = doc.y + 12;
  for (const [titre, texte] of [
    ['Conditions', f.conditions],
    ['Mentions', f.mentions],
  ] as const) {
    if (!texte) continue;
    doc.fontSize(9);
    t('bold', titre, left, y, { width });
    doc.fillColor(GRIS);
    t('regular', texte, left, doc.y, { width });
    doc.fillColor('black');
    y = doc.y + 8;
  }

  // Page numbers.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(8).fillColor(GRIS);
    t(
      'regular',
      `${f.numero ?? `Brouillon n°${f.id}`} — Page ${i + 1} / ${range.count}`,
      left,
      doc.page.height - MARGIN - 10,
      {
        width,
        align: 'center',
      },
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
