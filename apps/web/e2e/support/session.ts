import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Yams2026!';

/** Fills the login form as a person would and submits it (opening the login page if needed). */
export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  if (!page.url().endsWith('/se-connecter')) await page.goto('/se-connecter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Mot de passe', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
}

/** Signs in and waits for the home page inside the layout. */
export async function signInToHome(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await signIn(page, email, password);
  await expectHome(page);
}

/**
 * Waits for the home page inside the layout. The signed-in layout's code loads once the account is let in
 * (prefetched while a person types or reads; a test acts at once, on a loaded CI machine): the first
 * render may take a few seconds.
 */
export async function expectHome(page: Page): Promise<void> {
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Accueil', level: 3 })).toBeVisible({ timeout: 20_000 });
}

export async function openUserMenuItem(page: Page, item: 'Mon profil' | 'Se déconnecter'): Promise<void> {
  await page.getByRole('button', { name: /^Menu utilisateur/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** The token the app stored in localStorage ('yams.session'). */
export async function storedToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const raw = localStorage.getItem('yams.session');
    return raw ? (JSON.parse(raw) as { token: string }).token : null;
  });
}
