// What the screenshot scripts share: arguments (base URL, output folder), Debian's Chromium, signing in
// and a full-page shot. Usage: `const { base, browser, signIn, shot } = await openShots('/tmp/shots');`
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

export async function openShots(defaultOut) {
  const base = process.argv[2] ?? 'http://127.0.0.1:3000';
  const out = process.argv[3] ?? defaultOut;
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-quic'],
  });
  async function signIn(page, email, password = 'Yams2026!') {
    await page.goto(`${base}/se-connecter`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Mot de passe', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
  }
  const shot = (page, name) => page.screenshot({ path: path.join(out, `${name}.png`), fullPage: true });
  return { base, out, browser, signIn, shot };
}
