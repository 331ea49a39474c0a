import { test as base } from '@playwright/test';
import type { Account } from './accounts';
import { rememberSession, savedSession, sessionFile } from './session';

export { expect } from '@playwright/test';

/**
 * The specs' `test`: `test.use({ account: OGOUE })` opens each page already signed in as that demo account
 * (the session sessions.setup.ts saved once for the run), without the login form and its password hashing.
 * Without `account`, a test starts signed out (the specs whose subject is signing in).
 */
export const test = base.extend<{ account: Account | null }>({
  account: [null, { option: true }],
  storageState: async ({ account, storageState }, use) => {
    await use(account ? sessionFile(account) : storageState);
  },
  context: async ({ account, context }, use) => {
    if (account) rememberSession(context, savedSession(account));
    await use(context);
  },
});
