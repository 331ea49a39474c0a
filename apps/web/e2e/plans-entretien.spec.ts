import { expect } from '@playwright/test';
import { OGOUE } from './support/accounts';
import { api, chooseTyping, createVehicle, isoDate, uniquePlate } from './support/fleet';
import { test } from './support/test';

// A plan due on a truck of the test's own (Ogooué): the office opens the intervention from the due item,
// saves it, and the plan is no longer due — the cycle restarts from that intervention.

test.describe('Ogooué', () => {
  test.use({ account: OGOUE });

  test('un plan en retard → l’intervention créée depuis l’échéance → le plan n’est plus dû', async ({
    page,
  }) => {
    const v = await createVehicle(page, uniquePlate('PLN'));
    const garage = (await api<Array<{ id: number; nom: string }>>(page, '/api/garages?limit=1'))[0]!;
    const service = (await api<Array<{ id: number; libelle: string }>>(page, '/api/services?limit=1'))[0]!;
    const libelle = `Freins ${v.plaque}`;
    const plan = await api<{ id: number }>(page, '/api/plans-entretien', {
      libelle,
      vehicule_id: v.id,
      intervalle_mois: 3,
      service_ids: [service.id],
    });
    // Last done 100 days ago: three months later it was due, so it is overdue by about ten days.
    await api(page, '/api/interventions', {
      vehicule_id: v.id,
      garage_id: garage.id,
      type: 'Entretien',
      date_debut: isoDate(-100),
      date_fin: isoDate(-100),
      plan_entretien_id: plan.id,
      lignes: [],
    });

    await page.goto('/parc-auto/plans-entretien');
    await expect(page.getByRole('heading', { name: /^Plans d'entretien \(\d+\)/ })).toBeVisible({
      timeout: 30_000,
    });
    const echeances = page.getByTestId('echeances');
    // Other specs' trucks are due too: the truck of this test only.
    await chooseTyping(page, echeances.getByRole('combobox', { name: 'Véhicule des échéances' }), v.plaque);
    const row = echeances.getByRole('row').filter({ hasText: libelle });
    await expect(row).toContainText(v.plaque);
    await expect(row).toContainText('En retard');
    await expect(row).toContainText(/en retard de \d+ jours/);

    await page.screenshot({ path: '/tmp/h27plans/shots/plans-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/h27plans/shots/plans-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole('button', { name: /Créer l’intervention/ }).click();
    const create = page.getByRole('dialog', { name: `Nouvelle intervention — ${libelle}` });
    await expect(create).toBeVisible();
    // Prefilled: the vehicle, an Entretien, the plan's service.
    await expect(
      create.getByRole('combobox', { name: 'Véhicule' }).locator('..').locator('..'),
    ).toContainText(v.plaque);
    await expect(create).toContainText(service.libelle);
    await page.screenshot({ path: '/tmp/h27plans/shots/intervention-depuis-plan-1280.png' });
    await chooseTyping(page, create.getByRole('combobox', { name: 'Garage' }), garage.nom);
    await create.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect(create).toBeHidden();

    // Saved with the plan, and the plan is no longer due.
    const saved = await api<{ data: Array<{ plan_entretien_id: number | null; date_debut: string }> }>(
      page,
      `/api/interventions?vehicule=${v.id}&page=1&per_page=5&sort=-id`,
    );
    expect(saved.data[0]).toMatchObject({ plan_entretien_id: plan.id, date_debut: isoDate(0) });
    await page.goto('/parc-auto/plans-entretien');
    await chooseTyping(
      page,
      page.getByTestId('echeances').getByRole('combobox', { name: 'Véhicule des échéances' }),
      v.plaque,
    );
    const after = page.getByTestId('echeances').getByRole('row').filter({ hasText: libelle });
    await expect(after).toContainText('À jour');
    await expect(after.getByRole('button', { name: /Créer l’intervention/ })).toHaveCount(0);
    const dues = await api<Array<{ plan_id: number }>>(
      page,
      `/api/plans-entretien/echeances?dues=1&vehicule=${v.id}`,
    );
    expect(dues.map((d) => d.plan_id)).not.toContain(plan.id);

    // The home page lists what is due (the demo plans of Ogooué: the overdue visite technique).
    await page.goto('/');
    await expect(page.getByTestId('entretiens-dus')).toContainText('En retard');
    await page.screenshot({ path: '/tmp/h27plans/shots/accueil-1280.png', fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: '/tmp/h27plans/shots/accueil-390.png', fullPage: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    // The plan's next due day on the calendar, in its month.
    const [prochain] = await api<Array<{ plan_id: number; prochaine_date: string }>>(
      page,
      `/api/plans-entretien/echeances?vehicule=${v.id}`,
    ).then((l) => l.filter((e) => e.plan_id === plan.id));
    await page.goto(`/operations/calendrier?mois=${prochain!.prochaine_date.slice(0, 7)}`);
    await expect(page.locator('.fc').getByText(libelle).first()).toBeVisible({ timeout: 30_000 });
    await page.screenshot({ path: '/tmp/h27plans/shots/calendrier-1280.png', fullPage: true });
  });
});
