import fs from 'node:fs';
import path from 'node:path';
import { test as setup } from '@playwright/test';
import { SIGNED_IN_ONCE, TRANSGABON } from './support/accounts';
import { sessionFile, signInByApi, storageStateOf } from './support/session';
import { transgabonFigures, transgabonFile } from './support/transgabon';

// Runs once before the specs (project `sessions` in playwright.config.ts).

setup(
  'chaque compte de démonstration se connecte une fois, par l’API, pour toutes les specs',
  async ({ request }) => {
    for (const email of SIGNED_IN_ONCE) {
      const session = await signInByApi(request, email);
      fs.mkdirSync(path.dirname(sessionFile(email)), { recursive: true });
      fs.writeFileSync(sessionFile(email), JSON.stringify(storageStateOf(session)));
    }
    // What TransGabon holds before the specs: transgabon.teardown.ts checks they changed none of it.
    fs.writeFileSync(transgabonFile, JSON.stringify(await transgabonFigures(request, TRANSGABON)));
  },
);
