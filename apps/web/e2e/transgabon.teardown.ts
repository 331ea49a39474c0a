import fs from 'node:fs';
import { expect, test as teardown } from '@playwright/test';
import { TRANSGABON } from './support/accounts';
import { transgabonFigures, transgabonFile } from './support/transgabon';

// Runs once after the specs (project `transgabon`, the teardown of `sessions` in playwright.config.ts).

teardown(
  'aucune spec n’a changé TransGabon, dont les specs lisent les totaux exacts',
  async ({ request }) => {
    const before = JSON.parse(fs.readFileSync(transgabonFile, 'utf8'));
    expect(await transgabonFigures(request, TRANSGABON)).toEqual(before);
  },
);
