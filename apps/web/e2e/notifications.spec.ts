import { expect, test } from '@playwright/test';
import { apiToken, newCompany } from './support/accounts';
import { isoDate } from './support/fleet';
import { signInToHome } from './support/session';

test('la cloche compte en direct la notification créée par l’action d’un autre utilisateur, et l’ouvre', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const company = await newCompany(request, 'Cloche');
  await signInToHome(page, company.email, company.password);
  const bell = page.getByRole('button', { name: /^Notifications :/ });
  await expect(bell).toHaveAccessibleName('Notifications : 0 non lue');

  // Another company broadcasts a demande: every other transporteur hears of it.
  const og = await apiToken(request, 'direction@ogooue-logistique.ga');
  const auth = { Authorization: `Bearer ${og}` };
  const clients = (
    await (await request.get('/api/utilisateurs?type=client&limit=1', { headers: auth })).json()
  ).data;
  const villes = (await (await request.get('/api/villes?limit=2', { headers: auth })).json()).data;
  const created = await request.post('/api/demandes', {
    headers: auth,
    data: {
      client_id: clients[0].id,
      type_course: 'Transport de marchandises',
      ville_depart_id: villes[0].id,
      ville_arrivee_id: villes[1].id,
      adresse_chargement: 'Zone portuaire d’Owendo',
      adresse_dechargement: 'Akanda',
      date_souhaitee: isoDate(53),
      poids_kg: 5_000,
      budget: 250_000,
    },
  });
  const demande = (await created.json()).data;
  expect(
    (await (await request.post(`/api/demandes/${demande.id}/broadcast`, { headers: auth })).json()).success,
  ).toBe(true);

  // Without a reload.
  await expect(bell).toHaveAccessibleName('Notifications : 1 non lue');
  await bell.click();
  const item = page.getByRole('listitem', { name: `Non lue : Nouvelle demande n°${demande.id} diffusée` });
  await expect(item).toBeVisible();
  await expect(item).toContainText('Zone portuaire d’Owendo → Akanda');
  await page.screenshot({ path: '/tmp/shots/realtime/bell-1280.png' }).catch(() => undefined);

  // A click marks it read and opens the demande's detail dialog.
  await item.click();
  await expect(page).toHaveURL(/\/operations\/demandes/);
  await expect(page.getByRole('dialog')).toBeVisible();
  await expect(bell).toHaveAccessibleName('Notifications : 0 non lue');
});
