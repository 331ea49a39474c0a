import { apiToken, TRANSGABON } from './support/accounts';
import { expect, test } from './support/test';

// The driver's app at 360 px, on a phone with its position: sign in with the phone number, see
// today's course, record a step online, another with the network off (kept on the phone, shown as waiting,
// the app reopening offline from its service worker), then the network back: the step arrives once, with its
// time and place, and the office reads it.

test.use({
  viewport: { width: 360, height: 740 },
  hasTouch: true,
  isMobile: true,
  permissions: ['geolocation'],
  geolocation: { latitude: 0.3912, longitude: 9.4536 },
});

test('a driver records his steps, online and offline, and the office receives them once', async ({
  page,
  context,
  request,
}, testInfo) => {
  await page.goto('/chauffeur');
  await expect(page.getByRole('heading', { name: 'Yams Chauffeur' })).toBeVisible();
  await page.getByLabel('Téléphone ou email').fill('066 23 45 67');
  await page.getByLabel('Mot de passe').fill('Yams2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();

  const today = page.getByRole('region', { name: "Aujourd'hui" });
  const card = today.getByRole('button').filter({ hasText: 'Chargement en attente' }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('region', { name: 'À venir' }).getByRole('button')).not.toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('chauffeur-liste-360.png'), fullPage: true });
  const code = (await card.locator('strong').textContent())!;
  await card.click();

  await expect(page.getByRole('heading', { name: new RegExp(code) })).toBeVisible();
  await expect(page.getByRole('link', { name: /Appeler \+241/ })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('chauffeur-course-360.png'), fullPage: true });
  // Every button of the course is a large touch target.
  for (const box of await page
    .getByRole('button')
    .evaluateAll((els) => els.map((e) => e.getBoundingClientRect()))) {
    expect(box.height).toBeGreaterThanOrEqual(44);
  }

  // Online: the step reaches the API at once.
  await page.getByRole('button', { name: 'Chargement terminé' }).click();
  await expect(page.getByRole('status')).toContainText('Étape « Chargement terminé » enregistrée');
  // The office reads the road log with TransGabon's session of the run (sessions.setup.ts).
  const token = await apiToken(request, TRANSGABON);
  const list = await request.get(`/api/courses?search=${code}&limit=5`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const course = ((await list.json()).data as Array<{ id: number; code: string }>).find(
    (c) => c.code === code,
  )!;
  const route = async () =>
    (
      await (
        await request.get(`/api/courses/${course.id}/route`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json()
    ).data as { etapes: Array<{ statut: string; lat: number | null; lng: number | null }> };
  await expect.poll(async () => (await route()).etapes.map((e) => e.statut)).toEqual(['Chargement terminé']);

  // The shell is in the service worker's cache before the network goes.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // Offline: the next step waits on the phone, shown as waiting, and survives the app being reopened.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Départ : transport en cours' }).click();
  await expect(page.getByRole('button', { name: '1 envoi en attente' })).toBeVisible();
  await expect(page.getByRole('heading', { name: new RegExp(code) })).toContainText('Transport en cours');
  await page.reload();
  await expect(page.getByRole('button', { name: '1 envoi en attente' })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByText('Hors ligne : voici les courses enregistrées sur le téléphone.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('chauffeur-hors-ligne-360.png'), fullPage: true });
  expect((await route()).etapes).toHaveLength(1);

  // The network back: sent once, with the phone's position; nothing left waiting.
  await context.setOffline(false);
  await expect(page.getByRole('button', { name: /envoi en attente/ })).toHaveCount(0, { timeout: 15_000 });
  await expect
    .poll(async () => (await route()).etapes.map((e) => [e.statut, e.lat, e.lng]))
    .toEqual([
      ['Chargement terminé', 0.3912, 9.4536],
      ['Transport en cours', 0.3912, 9.4536],
    ]);
});

test('the office’s accounts are refused by the app in French', async ({ page }) => {
  await page.goto('/chauffeur');
  await page.getByLabel('Téléphone ou email').fill('direction@transgabon.ga');
  await page.getByLabel('Mot de passe').fill('Yams2026!');
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toHaveText(/réservée aux chauffeurs/);
});
