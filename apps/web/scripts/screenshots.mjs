// Screenshots of the main screens at 1280 px and 390 px wide, to look at before calling a screen done.
// Usage: node apps/web/scripts/screenshots.mjs [baseURL=http://127.0.0.1:3000] [outDir=/tmp/shots]
// The server must serve the current build (restart it after `npm run build -w @yams/web`).
import { openShots } from './shots-lib.mjs';

const { base, out, browser, signIn, shot } = await openShots('/tmp/shots');

for (const [label, viewport] of [
  ['1280', { width: 1280, height: 800 }],
  ['390', { width: 390, height: 844 }],
]) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR', reducedMotion: 'reduce' });
  const page = await context.newPage();

  await page.goto(`${base}/se-connecter`);
  await page.getByRole('heading', { name: 'Connexion' }).waitFor();
  await shot(page, `login-${label}`);

  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByText("L'email est obligatoire.").waitFor();
  await shot(page, `login-errors-${label}`);

  await signIn(page, 'direction@transgabon.ga');
  await page.getByRole('heading', { name: 'Accueil', level: 3 }).waitFor();
  await page.waitForTimeout(300);
  await shot(page, `home-${label}`);
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Réessayer' }).waitFor();
  await shot(page, `offline-${label}`);
  await context.setOffline(false);

  if (label === '390') {
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click();
    await page.getByRole('dialog').getByText('Operations').click();
    await page.waitForTimeout(300);
    await shot(page, `drawer-${label}`);
    await page.keyboard.press('Escape');
  }

  await page.getByRole('button', { name: /^Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: 'Mon profil' }).click();
  await page.getByRole('dialog', { name: 'Mon compte' }).getByText('direction@transgabon.ga').waitFor();
  await shot(page, `mon-compte-${label}`);
  await page.getByRole('dialog', { name: 'Mon compte' }).getByRole('button', { name: 'Modifier' }).click();
  await shot(page, `mon-compte-edit-${label}`);
  await page.getByRole('dialog', { name: 'Mon compte' }).getByRole('button', { name: 'Annuler' }).click();
  await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await shot(page, `mon-compte-password-${label}`);
  await page.keyboard.press('Escape');

  await page.goto(`${base}/configurations`);
  await page.getByRole('tab', { name: 'Configuration générale' }).waitFor();
  await shot(page, `configurations-${label}`);

  await context.clearCookies();
  await page.evaluate(() => localStorage.clear());
  await signIn(page, 'nouveau@yams.ga');
  await page.getByRole('heading', { name: 'Vérification du compte' }).waitFor();
  await shot(page, `verification-${label}`);

  await page.goto(`${base}/reinitialiser-mot-de-passe?token=exemple&email=camionneur%40yams.ga`);
  await page.getByRole('heading', { name: 'Nouveau mot de passe' }).waitFor();
  await shot(page, `reset-${label}`);
  await context.close();
}
await browser.close();
console.log(`Captures dans ${out}`);
