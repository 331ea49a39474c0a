import { expect, type Locator, type Page } from '@playwright/test';

// Toasts checked in the page's fake time (`page.clock.install()` before the first navigation), so a 3-second
// success toast cannot come and go between two checks on a loaded machine, and a toast's duration is
// measured without waiting it out. While the clock is paused, the app's timers (antd's toasts, the staggered
// messages of a group action, TanStack Query's notifications) run only when the test advances it.

/** The page's time (fake once installed). */
const pageNow = (page: Page) => page.evaluate(() => Date.now());

/** Stops the page's clock, 1 s ahead of now: from here, its time moves only when the test moves it. */
export async function pauseClock(page: Page): Promise<void> {
  await page.clock.pauseAt((await pageNow(page)) + 1_000);
}

/**
 * With the clock paused: advances it by 100 ms steps until `toast` shows (a toast cannot slip between two
 * steps), and returns the page's time when it appeared. The mouse leaves the page: a hovered toast waits.
 */
export async function stepUntilShown(page: Page, toast: Locator): Promise<number> {
  await page.mouse.move(0, 0);
  await expect
    .poll(
      async () => {
        await page.clock.runFor(100);
        return toast.count();
      },
      { timeout: 30_000, message: 'le message ne s’est pas affiché' },
    )
    .toBe(1);
  await expect(toast).toBeVisible();
  return pageNow(page);
}

/** With the clock paused: jumps to the page's time `at` (timers due meanwhile fire once). */
export async function advanceTo(page: Page, at: number): Promise<void> {
  const now = await pageNow(page);
  if (at > now) await page.clock.fastForward(at - now);
}

/**
 * With the clock paused: `toast`, shown at `shownAt`, is still there 0.5 s before `seconds` have passed and
 * gone within 1 s after (its closing animation included): a toast of the wrong duration fails.
 */
export async function expectShownFor(
  page: Page,
  toast: Locator,
  shownAt: number,
  seconds: number,
): Promise<void> {
  await advanceTo(page, shownAt + seconds * 1_000 - 500);
  await expect(toast, `le message doit rester ${seconds} s`).toBeVisible();
  await advanceTo(page, shownAt + seconds * 1_000 + 100);
  let extra = 0;
  await expect
    .poll(
      async () => {
        if (extra < 1_000) {
          await page.clock.runFor(100);
          extra += 100;
        }
        return toast.count();
      },
      { message: `le message doit disparaître après ${seconds} s` },
    )
    .toBe(0);
}

/**
 * Runs `action` with the clock paused and checks that it shows `toast` (a success toast lasts 3 s: never
 * missed this way), then lets the clock run again.
 */
export async function expectToastFrom(
  page: Page,
  toast: Locator,
  action: () => Promise<void>,
): Promise<void> {
  await pauseClock(page);
  await action();
  await stepUntilShown(page, toast);
  await page.clock.resume();
}
