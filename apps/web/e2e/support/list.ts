import fs from 'node:fs';
import { type Download, expect, type Locator, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';

/** Picks an option of an antd select as a person would: open it, click the option. */
export async function choose(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:visible').getByTitle(option, { exact: true }).click();
}

/** The filter panel of a list screen. */
export const filterPanel = (page: Page) => page.getByRole('form', { name: 'Filtres' });

/** The total shown beside the title: 'Clients (159)' → 159. */
export async function titleCount(page: Page, title: string): Promise<number> {
  const heading = page.getByRole('heading', { name: new RegExp(`^${title}`) });
  await expect(heading).toContainText(/\(\d+\)/);
  return Number((await heading.textContent())!.match(/\((\d+)\)/)![1]);
}

/** Clicks 'Exporter' → the given format and returns the downloaded file. */
export async function exportAs(
  page: Page,
  format: 'CSV' | 'Excel (.xlsx)',
  /** The part of the page whose « Exporter » button is meant, when it has several. */
  within: Page | Locator = page,
): Promise<{ download: Download; file: string }> {
  await within.getByRole('button', { name: 'Exporter' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: `Exporter en ${format}` }).click();
  const download = await downloading;
  return { download, file: (await download.path())! };
}

/** A `;` CSV with a BOM and quoted cells, as the app writes it, read back into lines of cells. */
export function readCsv(file: string): string[][] {
  const text = fs.readFileSync(file, 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ';') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else if (c !== '\r') cell += c;
  }
  return rows;
}

/** The first sheet of an .xlsx read back with exceljs, as lines of cell values. */
export async function readXlsx(file: string): Promise<Array<Array<string | number>>> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(file);
  const sheet = workbook.worksheets[0]!;
  const rows: Array<Array<string | number>> = [];
  sheet.eachRow((r) => {
    const values = (r.values as Array<string | number | null | undefined>).slice(1);
    rows.push(values.map((v) => v ?? ''));
  });
  return rows;
}
