import fs from 'node:fs/promises';
import { formatDate, formatMoney, todayInGabon } from '@yams/shared';
import type { Db } from '../../db/client';
import { LogoFiles } from '../entreprise/parametres.files';
import { emetteurActuel } from './facture.figee';
import type { Style } from './pdf-fonts';
import type { Cellule, ColonneRapport, Rapport } from './rapport';

// A report as it prints, in the invoice's house style (facture.pdf.ts): A4 with half-inch margins, Noto
// Sans, the company's block and logo at the top left, the title at the top right, blue table headers
// repeated on each page, page numbers at the foot.

const MARGIN = 36;
const GRIS = '#555555';
const BLEU = '#1f3a5f';
const TEINTE = '#eef2f7';

const texte = (c: ColonneRapport, v: Cellule): string => {
  if (v === null || v === '') return '';
  if (c.format === 'montant' && typeof v === 'number') return v === 0 ? '' : formatMoney(v);
  if (c.format === 'solde' && typeof v === 'number')
    return v === 0 ? formatMoney(0) : `${formatMoney(Math.abs(v))} ${v > 0 ? 'D' : 'C'}`;
  if (c.format === 'date' && typeof v === 'string') return formatDate(v);
  return String(v);
};

export async function rapportPdf(db: Db, entrepriseId: number, dataDir: string, r: Rapport): Promise<Buffer> {
  const e = await emetteurActuel(db, entrepriseId);
  const logo = e.logo ? await fs.readFile(new LogoFiles(dataDir).absolute(e.logo)).catch(() => null) : null;
  const { default: PDFDocument } = await import('pdfkit');
  const { POLICE, printable, registerFonts, write } = await import('./pdf-fonts');
  const doc = new PDFDocument({
    size: 'A4',
    layout: r.paysage ? 'landscape' : 'portrait',
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: `${r.titre} — ${r.sousTitre}`, Author: printable(e.raison_sociale, 'regular') },
  });
  registerFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const t = (style: Style, s: string, x?: number, y?: number, o?: PDFKit.Mixins.TextOptions) =>
    write(doc, style, s, x, y, o);
  const left = MARGIN;
  const width = doc.page.width - 2 * MARGIN;
  const bas = () => doc.page.height - MARGIN - 24;

  // The company (left), the title and period (right).
  let y = MARGIN;
  if (logo) {
    try {
      doc.image(logo, left, y, { fit: [70, 50] });
    } catch {
      // An unreadable logo is left out rather than failing the report.
    }
  }
  const cx = logo ? left + 80 : left;
  doc.fillColor(BLEU).fontSize(13);
  t('bold', e.raison_sociale, cx, y, { width: 250 });
  doc.fontSize(8.5).fillColor(GRIS);
  for (const line of [
    e.adresse,
    e.bp,
    [e.telephone && `Tél. : ${e.telephone}`, e.email].filter(Boolean).join(' — ') || null,
    [e.nif && `NIF : ${e.nif}`, e.rccm && `RCCM : ${e.rccm}`].filter(Boolean).join(' — ') || null,
  ]) {
    if (line) t('regular', line, cx, doc.y, { width: 250 });
  }
  const basSociete = doc.y;
  doc.fillColor(BLEU).fontSize(15);
  t('bold', r.titre, left + width - 260, y, { width: 260, align: 'right' });
  doc.fontSize(9.5).fillColor('black');
  t('regular', r.sousTitre, left + width - 260, doc.y + 2, { width: 260, align: 'right' });
  doc.fillColor(GRIS).fontSize(8);
  t('regular', `Édité le ${formatDate(todayInGabon())}`, left + width - 260, doc.y + 2, {
    width: 260,
    align: 'right',
  });
  y = Math.max(basSociete, doc.y) + 14;

  if (r.destinataire) {
    const bx = left + width - 250;
    doc.fillColor(GRIS).fontSize(8);
    t('regular', r.destinataire.titre.toUpperCase(), bx + 10, y + 8);
    doc.fillColor('black').fontSize(10.5);
    const [nom, ...reste] = r.destinataire.lignes;
    t('bold', nom ?? '', bx + 10, y + 20, { width: 230 });
    doc.fontSize(9);
    for (const line of reste) t('regular', line, bx + 10, doc.y, { width: 230 });
    const cadre = Math.max(60, doc.y - y + 8);
    doc.roundedRect(bx, y, 250, cadre, 4).strokeColor('#bbbbbb').lineWidth(1).stroke();
    y += cadre + 14;
  }

  for (const section of r.sections) {
    const poids = section.colonnes.reduce((n, c) => n + c.largeur, 0);
    const larg = section.colonnes.map((c) => (c.largeur / poids) * width);
    const entete = () => {
      doc.rect(left, y, width, 18).fill(BLEU);
      let x = left;
      doc.fillColor('white').fontSize(8);
      for (const [i, c] of section.colonnes.entries()) {
        t('bold', c.titre, x + 3, y + 5, {
          width: larg[i]! - 6,
          align: c.format === 'montant' || c.format === 'solde' ? 'right' : 'left',
          lineBreak: false,
        });
        x += larg[i]!;
      }
      y += 18;
      doc.fillColor('black');
    };
    if (y + 60 > bas()) {
      doc.addPage();
      y = MARGIN;
    }
    if (section.titre) {
      doc.fillColor(BLEU).fontSize(10);
      t('bold', section.titre, left, y, { width });
      y = doc.y + 4;
    }
    if (section.colonnes.length) entete();
    for (const [n, ligne] of section.colonnes.length ? section.lignes.entries() : []) {
      const style: Style = ligne.style ? 'bold' : 'regular';
      doc.font(POLICE[style]).fontSize(8);
      const hauteurs = section.colonnes.map((c, i) =>
        doc.heightOfString(printable(texte(c, ligne.cellules[i] ?? null), style), { width: larg[i]! - 6 }),
      );
      const h = Math.max(15, ...hauteurs.map((x) => x + 6));
      if (y + h > bas()) {
        doc.addPage();
        y = MARGIN;
        entete();
      }
      if (ligne.style) doc.rect(left, y, width, h).fill(TEINTE);
      else if (n % 2 === 1) doc.rect(left, y, width, h).fill('#fafafa');
      doc.fillColor('black').fontSize(8);
      let x = left;
      for (const [i, c] of section.colonnes.entries()) {
        t(style, texte(c, ligne.cellules[i] ?? null), x + 3, y + 4, {
          width: larg[i]! - 6,
          align: c.format === 'montant' || c.format === 'solde' ? 'right' : 'left',
        });
        x += larg[i]!;
      }
      y += h;
      doc
        .moveTo(left, y)
        .lineTo(left + width, y)
        .strokeColor('#dddddd')
        .lineWidth(0.5)
        .stroke();
    }
    if (section.images?.length) {
      // Pictures in a row of boxes, wrapped to the next line and page; each captioned under its box.
      const taille = section.tailleImage ?? 110;
      let x = left;
      y += 6;
      for (const image of section.images) {
        if (x + taille > left + width) {
          x = left;
          y += taille + 24;
        }
        if (y + taille + 20 > bas()) {
          doc.addPage();
          y = MARGIN;
          x = left;
        }
        doc.rect(x, y, taille, taille).strokeColor('#dddddd').lineWidth(0.5).stroke();
        let dessinee = false;
        if (image.contenu) {
          try {
            doc.image(image.contenu, x + 2, y + 2, {
              fit: [taille - 4, taille - 4],
              align: 'center',
              valign: 'center',
            });
            dessinee = true;
          } catch {
            // A picture the PDF cannot draw (WEBP, damaged) keeps its box and says so.
          }
        }
        doc.fillColor(GRIS).fontSize(7.5);
        if (!dessinee)
          t('italic', 'Image non imprimable', x + 4, y + taille / 2 - 4, {
            width: taille - 8,
            align: 'center',
          });
        t('regular', image.legende, x, y + taille + 3, { width: taille, align: 'center' });
        x += taille + 10;
      }
      y += taille + 24;
      doc.fillColor('black');
    }
    y += 14;
  }

  for (const note of r.notes ?? []) {
    doc.fontSize(8.5).fillColor(GRIS);
    if (y + 30 > bas()) {
      doc.addPage();
      y = MARGIN;
    }
    t('italic', note, left, y, { width });
    y = doc.y + 6;
  }

  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const marge = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.fontSize(7.5).fillColor(GRIS);
    t(
      'regular',
      `${e.raison_sociale} — ${r.titre} — ${r.sousTitre} — Page ${i + 1} / ${pages.count}`,
      left,
      doc.page.height - MARGIN - 10,
      { width, align: 'center' },
    );
    doc.page.margins.bottom = marge;
  }
  doc.end();
  return done;
}
