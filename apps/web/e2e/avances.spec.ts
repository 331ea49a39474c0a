import { expect } from '@playwright/test';
import { OGOUE } from './support/accounts';
import {
  api,
  chooseTyping,
  createVehicle,
  frenchDate,
  isoDate,
  typeDate,
  uniquePlate,
} from './support/fleet';
import { choose } from './support/list';
import { test } from './support/test';

// Driver advances in Ogooué, with a driver and a truck of the test's own: the advance given from the form,
// justified at once by the fuel he paid on it and by a receipt entered at the office, then settled to the
// franc from its detail.

test.use({ account: OGOUE });

test('une avance remise à un chauffeur est justifiée par son plein et un reçu du bureau, puis soldée au franc près', async ({
  page,
}) => {
  const stamp = `${Date.now()}`.slice(-6) + Math.floor(Math.random() * 10);
  await page.goto('/comptabilite/avances');
  await expect(page.getByRole('heading', { name: /^Avances de frais de route/ })).toBeVisible({
    timeout: 30_000,
  });
  const driver = await api<{ id: number; nom: string; prenom: string }>(page, '/api/utilisateurs', {
    type: 'camionneur',
    name: `chauffeur.avance.${stamp}`,
    nom: 'Nzé',
    prenom: `Paul${stamp}`,
    telephone1: `06 ${stamp.slice(0, 2)} ${stamp.slice(2, 4)} ${stamp.slice(4, 6)}`,
  });
  const nom = `Nzé Paul${stamp}`;
  const v = await createVehicle(page, uniquePlate('AV'));
  // Yesterday's fill, paid on his advance: 50 L × 690 = 34.500 FCFA.
  await api(page, '/api/carburant', {
    vehicule_id: v.id,
    chauffeur_id: driver.id,
    date: `${isoDate(-1)}T10:00`,
    litres: 50,
    prix_litre: 690,
    plein_complet: true,
    mode_paiement: 'avance',
  });

  await page.getByRole('button', { name: 'Remettre une avance' }).click();
  const create = page.getByRole('dialog', { name: 'Nouvelle avance de frais de route' });
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(create.getByText('Le chauffeur est obligatoire.')).toBeVisible();
  await chooseTyping(page, create.getByRole('combobox', { name: 'Chauffeur' }), `Paul${stamp}`, nom);
  await typeDate(create.getByLabel('Période du'), frenchDate(-3));
  await typeDate(create.getByLabel('Période au'), frenchDate(3));
  await create.getByLabel('Avancé').fill('50 000');
  await create.getByRole('button', { name: 'Enregistrer' }).click();
  await expect(page.getByText(new RegExp(`L'avance AV-\\d+ a été remise à ${nom}\\.`))).toBeVisible();

  // What the API stored: the fill justifies it at once, 15.500 FCFA to be returned.
  const [avance] = await api<Array<{ id: number; numero: string; justifie: number; reste: number }>>(
    page,
    `/api/avances?chauffeur=${driver.id}`,
  );
  expect(avance).toMatchObject({ justifie: 34_500, reste: 15_500 });

  await page.goto(`/comptabilite/avances?id=${avance!.id}`);
  const detail = page.getByRole('dialog', { name: `Avance ${avance!.numero} · ${nom}` });
  await expect(detail.getByRole('table', { name: "Justificatifs de l'avance" })).toContainText('34.500 FCFA');
  await expect(detail).toContainText('15.500 FCFA à rendre');

  // A receipt he brought back, entered at the office: a repair, its TVA recoverable.
  await detail.getByRole('button', { name: 'Ajouter une dépense' }).click();
  const depense = detail.getByRole('form', { name: "Dépense justifiant l'avance" });
  await choose(page, depense.getByRole('combobox', { name: 'Nature' }), 'Entretien et réparations');
  await depense.getByLabel('Libellé').fill('Réparation crevaison');
  await depense.getByLabel('Montant').fill('5 900');
  await depense.getByLabel('Dont TVA récupérable').fill('900');
  await depense.getByRole('button', { name: 'Ajouter la dépense' }).click();
  await expect(page.getByText('La dépense a été ajoutée à l’avance.')).toBeVisible();
  await expect(detail).toContainText('9.600 FCFA à rendre');

  await detail.getByRole('button', { name: 'Solder' }).click();
  // The settlement's form names the rest, and proposes it to the franc.
  const solder = page.getByRole('dialog', {
    name: `Solde de l'avance ${avance!.numero} · 9.600 FCFA à rendre`,
  });
  await expect(solder.getByLabel('Montant du solde')).toHaveValue('9.600');
  await solder.getByRole('button', { name: 'Solder' }).click();
  await expect(page.getByText("L'avance est soldée : le chauffeur a rendu 9.600 FCFA.")).toBeVisible();
  const solde = await api<{ statut: string; solde_sens: string; solde_montant: number }>(
    page,
    `/api/avances/${avance!.id}`,
  );
  expect(solde).toMatchObject({ statut: 'Soldée', solde_sens: 'rendu', solde_montant: 9_600 });
});
