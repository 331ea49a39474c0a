import fs from 'node:fs/promises';
import {
  arreteEnLettres,
  FACTURE_TYPE_LABELS,
  type FactureOut,
  type FactureType,
  formatDate,
  formatMoney,
  formatTaux,
} from '@yams/shared';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { scoped } from '../../db/scoped';
import { LogoFiles } from '../entreprise/parametres.files';
import { getParametres } from '../entreprise/parametres.repository';

// The invoice as it prints: A4 portrait, half-inch margins, real (extractable) text in the standard
// Helvetica fonts. The company block comes from the company settings.

const MARGIN = 36; // 0.5 in
const GRIS = '#555555';
const BLEU = '#1f3a5f';

export interface EnTete {
  raison_sociale: string;
  adresse: string | null;
  telephone: string | null;
  email: string | null;
  bp: string | null;
  nif: string | null;
  rccm: string | null;
  logo: Buffer | null;
}

/** The company block: its settings (Configurations > Entreprise), the logo read from the uploads folder. */
export async function enTeteEntreprise(db: Db, entrepriseId: number, dataDir: string): Promise<EnTete> {
  const p = await getParametres(db, entrepriseId);
  const [u] = await scoped(db, { entrepriseId })
    .select({ bp: users.bp })
    .from(users, 'own')
    .where(eq(users.id, entrepriseId))
    .limit(1);
  let logo: Buffer | null = null;
  if (p.logo) logo = await fs.readFile(new LogoFiles(dataDir).absolute(p.logo)).catch(() => null);
  return {
    raison_sociale: p.raison_sociale,
    adresse: p.adresse,
    telephone: p.telephone,
    email: p.email,
    bp: u?.bp ?? null,
    nif: p.nif,
    rccm: p.rccm,
    logo,
  };
}

const titreDocument = (f: FactureOut) =>
  f.type === 'Avoir' ? 'AVOIR' : f.type === 'Pro forma' ? 'FACTURE PRO FORMA' : 'FACTURE';

export async function facturePdf(db: Db, f: FactureOut, dataDir: string): Promise<Buffer> {
  const entete = await enTeteEntreprise(db, f.entreprise_id, dataDir);
  return renderFacturePdf(f, entete);
}

export async function renderFacturePdf(f: FactureOut, e: EnTete): Promise<Buffer> {
  // pdfkit (~0.5 s to load) only when a PDF is printed: the API starts without it.
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${titreDocument(f)} ${f.numero ?? ''}`.trim(), Author: e.raison_sociale },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

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
  doc.fillColor(BLEU).font('Helvetica-Bold').fontSize(14).text(e.raison_sociale, cx, y, { width: 260 });
  doc.font('Helvetica').fontSize(9).fillColor(GRIS);
  for (const line of [
    e.adresse,
    e.bp,
    [e.telephone && `Tél. : ${e.telephone}`, e.email].filter(Boolean).join(' — ') || null,
    [e.nif && `NIF : ${e.nif}`, e.rccm && `RCCM : ${e.rccm}`].filter(Boolean).join(' — ') || null,
  ]) {
    if (line) doc.text(line, cx, doc.y, { width: 260 });
  }
  const companyBottom = doc.y;

  doc
    .fillColor(BLEU)
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(titreDocument(f), left + width - 220, y, { width: 220, align: 'right' });
  doc.font('Helvetica').fontSize(10).fillColor('black');
  doc.text(f.numero ? `N° ${f.numero}` : `Brouillon n°${f.id}`, left + width - 220, doc.y + 2, {
    width: 220,
    align: 'right',
  });
  doc.text(`Date : ${formatDate(f.date_operation)}`, { width: 220, align: 'right' });
  if (f.expirable && f.date_expiration)
    doc.text(`Valable jusqu'au : ${formatDate(f.date_expiration)}`, { width: 220, align: 'right' });
  if (f.origine?.numero)
    doc.text(`${f.type === 'Avoir' ? 'Sur facture' : 'Pro forma'} : ${f.origine.numero}`, {
      width: 220,
      align: 'right',
    });
  doc.text(`Type : ${FACTURE_TYPE_LABELS[f.type as FactureType] ?? f.type}`, { width: 220, align: 'right' });

  // Client block.
  y = Math.max(companyBottom, doc.y) + 18;
  const bx = left + width - 250;
  doc.roundedRect(bx, y, 250, 78, 4).strokeColor('#bbbbbb').stroke();
  doc
    .fillColor(GRIS)
    .fontSize(8)
    .text('CLIENT', bx + 10, y + 8);
  doc
    .fillColor('black')
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(f.client.nom_complet, bx + 10, y + 20, { width: 230 });
  doc.font('Helvetica').fontSize(9);
  const c = f.client;
  for (const line of [
    c.adresse,
    c.bp,
    [c.telephone1, c.telephone2].filter(Boolean).join(' / ') || null,
    c.email,
  ]) {
    if (line) doc.text(line, bx + 10, doc.y, { width: 230 });
  }
  y += 96;

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
    doc.fillColor('white').font('Helvetica-Bold').fontSize(9);
    for (const col of cols) {
      doc.text(col.label, x + 4, y + 6, { width: col.w - 8, align: col.align });
      x += col.w;
    }
    y += 20;
    doc.fillColor('black').font('Helvetica');
  };
  header();
  for (const [i, l] of f.content.entries()) {
    const descHeight = doc
      .font(l.isTitle ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(9)
      .heightOfString(l.description, { width: cols[0]!.w - 8 });
    const h = Math.max(18, descHeight + 8);
    if (y + h > bottomLimit()) {
      doc.addPage();
      y = MARGIN;
      header();
    }
    if (l.isTitle) {
      doc.rect(left, y, width, h).fill('#eef2f7');
      doc
        .fillColor('black')
        .font('Helvetica-Bold')
        .text(l.description, left + 4, y + 5, { width: width - 8 });
    } else {
      if (i % 2 === 1) doc.rect(left, y, width, h).fill('#fafafa');
      doc.fillColor('black').font('Helvetica');
      const values = [
        l.description,
        String(l.qte ?? ''),
        formatMoney(l.prix_unitaire ?? 0),
        l.reduction > 0 ? formatMoney(l.reduction) : '—',
        formatMoney(l.net_a_payer),
      ];
      let x = left;
      for (const [k, col] of cols.entries()) {
        doc.text(values[k]!, x + 4, y + 5, { width: col.w - 8, align: col.align });
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
    doc
      .fillColor('black')
      .font(fort ? 'Helvetica-Bold' : 'Helvetica')
      .fontSize(fort ? 11 : 9.5);
    doc.text(label, tx + 6, y, { width: 150 });
    doc.text(montant < 0 ? `- ${formatMoney(-montant)}` : formatMoney(montant), tx + 150, y, {
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
    doc.font('Helvetica').fontSize(9).fillColor(GRIS);
    doc.text(parts.filter(Boolean).join(' — '), tx - 40, y + 2, { width: 300, align: 'right' });
    y += 16;
  }
  y += 10;
  const phrase = arreteEnLettres(
    f.net_a_payer,
    f.type === 'Avoir' ? 'le présent avoir' : 'la présente facture',
  );
  doc.fillColor('black').font('Helvetica-Oblique').fontSize(10).text(`${phrase}.`, left, y, { width });
  y = doc.y + 12;
  for (const [titre, texte] of [
    ['Conditions', f.conditions],
    ['Mentions', f.mentions],
  ] as const) {
    if (!texte) continue;
    doc.font('Helvetica-Bold').fontSize(9).text(titre, left, y, { width });
    doc.font('Helvetica').fontSize(9).fillColor(GRIS).text(texte, left, doc.y, { width });
    doc.fillColor('black');
    y = doc.y + 8;
  }

  // Page numbers.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor(GRIS);
    doc.text(
      `${f.numero ?? `Brouillon n°${f.id}`} — Page ${i + 1} / ${range.count}`,
      left,
      doc.page.height - MARGIN - 10,
      { width, align: 'center' },
    );
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}
