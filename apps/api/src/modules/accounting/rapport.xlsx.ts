import { safeCell } from '@yams/shared';
import type { Rapport } from './rapport';

// A report as an Excel workbook: one sheet, the title and period on top, then each section (its title, its
// bold header, its rows: amounts as numbers in `#,##0 "FCFA"`, dates as dates, totals in bold). Texts a
// user typed never run as formulas (`safeCell`).

const EXCEL_MAX_LIGNES = 1_048_576;

export async function rapportXlsx(r: Rapport): Promise<Buffer> {
  const { default: ExcelJS } = await import('exceljs'); // loaded when a workbook is asked for
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Yams Manager';
  const sheet = workbook.addWorksheet(r.titre.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  const nbColonnes = Math.max(...r.sections.map((s) => s.colonnes.length), 1);
  sheet.columns = Array.from({ length: nbColonnes }, (_, i) => ({
    width: Math.min(50, Math.max(12, ...r.sections.map((s) => (s.colonnes[i]?.largeur ?? 1) * 4 + 4))),
  }));
  if (!r.tableauSeul) {
    sheet.addRow([r.titre]).font = { bold: true, size: 14 };
    sheet.addRow([r.sousTitre]);
    if (r.destinataire) sheet.addRow([`${r.destinataire.titre} : ${r.destinataire.lignes.join(' — ')}`]);
  }
  for (const section of r.sections) {
    if (!r.tableauSeul) sheet.addRow([]);
    if (section.titre) sheet.addRow([section.titre]).font = { bold: true, size: 12 };
    sheet.addRow(section.colonnes.map((c) => c.titre)).font = { bold: true };
    for (const ligne of section.lignes) {
      if (sheet.rowCount >= EXCEL_MAX_LIGNES) break;
      const row = sheet.addRow(
        section.colonnes.map((c, i) => {
          const v = ligne.cellules[i] ?? null;
          if (v === null) return null;
          if (c.format === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v))
            return new Date(`${v}T00:00:00Z`);
          return typeof v === 'string' ? safeCell(v) : v;
        }),
      );
      section.colonnes.forEach((c, i) => {
        if (c.format === 'montant') row.getCell(i + 1).numFmt = '#,##0 "FCFA"';
        if (c.format === 'solde') row.getCell(i + 1).numFmt = '#,##0 "FCFA D";#,##0 "FCFA C";0 "FCFA"';
        if (c.format === 'date') row.getCell(i + 1).numFmt = 'dd/mm/yyyy';
      });
      if (ligne.style) row.font = { bold: true };
    }
  }
  for (const note of r.notes ?? []) sheet.addRow([note]).font = { italic: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
