// Screenshots of the audit log's screens at 1280 and 390 px: a vehicle's 'Historique' tab after
// an edit, and the superadmins' 'Journal d'audit'.
// Usage: node apps/web/scripts/audit-shots.mjs [baseURL=http://127.0.0.1:3000] [outDir=/tmp/shots/audit]
import { openShots } from './shots-lib.mjs';

const { base, browser, signIn: typeLogin, shot } = await openShots('/tmp/shots/audit');
async function signIn(page, email) {
  await typeLogin(page, email);
  await page.getByRole('heading', { name: 'Accueil', level: 3 }).waitFor();
}

for (const [label, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
]) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', reducedMotion: 'reduce' });
  const page = await context.newPage();
  await signIn(page, 'direction@transgabon.ga');
  await page.goto(`${base}/parc-auto/vehicules`);
  await page.getByRole('heading', { name: /^Véhicules \(\d+\)/ }).waitFor();
  const first =
    label === '1280'
      ? page.getByRole('table').getByRole('row').nth(1)
      : page.locator('main .ant-card').filter({ hasText: 'GA-' }).first();
  await first.click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Modifier' }).click();
  const modele = dialog.getByLabel('Modèle');
  await modele.fill(`Actros ${label}`);
  await dialog.getByRole('button', { name: 'Enregistrer' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await page.waitForTimeout(500);
  await first.click();
  await page.getByRole('dialog').getByRole('tab', { name: 'Historique' }).click();
  await page.getByRole('dialog').getByRole('article').first().waitFor();
  await page.waitForTimeout(300);
  await shot(page, `historique-vehicule-${label}`);
  await context.close();

  const admin = await browser.newContext({ viewport, locale: 'fr-FR', reducedMotion: 'reduce' });
  const p = await admin.newPage();
  await signIn(p, 'admin@yams.ga');
  await p.goto(`${base}/configurations/journal-audit`);
  await p.getByRole('heading', { name: /^Journal d'audit/ }).waitFor();
  await p.waitForTimeout(800);
  await shot(p, `journal-${label}`);
  await (label === '1280'
    ? p.getByRole('table').getByRole('row').nth(1)
    : p.locator('main .ant-card').filter({ hasText: 'Véhicule n°' }).first()
  ).click();
  await p.getByRole('dialog').waitFor();
  await p.waitForTimeout(300);
  await shot(p, `journal-detail-${label}`);
  await admin.close();
}
await browser.close();
