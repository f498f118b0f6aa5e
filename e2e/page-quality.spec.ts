import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { expect, test } from './support/fixtures';

/**
 * Issue 10 (page quality), the parts a browser without throttling can check: the public pages do
 * not shift while their remote areas load (the footer used to jump up and down when an area
 * rendered: CLS 0.23–0.78 in Lighthouse), and axe finds nothing serious on them, the status
 * badges included. `npm run bench:lighthouse` measures the rest (scores, LCP, TBT).
 */

async function publicPages(page: Page): Promise<string[]> {
  const config = await (await page.request.get('/config.json')).json();
  const base = `${config.contentApi.base}/public/spaces/${config.contentApi.spaceId}`;
  const space = await (await page.request.get(`${base}/spacedata?include=4`)).json();
  const vote = space.year.fields.challenges.find((c: { sys: { objectTypeId: string } }) => /vote/.test(c.sys.objectTypeId));
  const { items } = await (await page.request.get(`${base}/objects/search?objectTypeId=bfv-erd-club&locale=de&size=20&from=0`)).json();
  return ['/', '/challenge', `/challenge/${vote.sys.id}`, '/tabelle', `/club/${items[0].sys.id}`];
}

/** The layout shifts of the page so far (what CLS adds up), each with the elements that moved. */
async function layoutShifts(page: Page): Promise<{ value: number; nodes: string[] }[]> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        new PerformanceObserver((list) => {
          resolve(
            list
              .getEntries()
              .map((entry) => entry as PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: { node?: Node }[] })
              .filter((entry) => !entry.hadRecentInput)
              .map((entry) => ({
                value: entry.value,
                nodes: (entry.sources ?? []).map((s) => (s.node as Element | undefined)?.tagName ?? '?'),
              })),
          );
        }).observe({ type: 'layout-shift', buffered: true });
        // No entry at all: the observer's callback never runs.
        setTimeout(() => resolve([]), 500);
      }),
  );
}

test('the public pages do not shift while their areas load (phone and desktop width)', async ({ page }) => {
  test.setTimeout(180_000); // ten page loads
  for (const viewport of [
    { width: 360, height: 740 },
    { width: 1280, height: 900 },
  ]) {
    await page.setViewportSize(viewport);
    for (const path of await publicPages(page)) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      const shifts = await layoutShifts(page);
      const total = shifts.reduce((sum, s) => sum + s.value, 0);
      expect(total, `${path} at ${viewport.width} px: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
    }
  }
});

test('axe finds nothing serious on the public pages of a visitor past the age gate', async ({ page }) => {
  test.setTimeout(120_000); // five page loads and axe runs
  for (const path of await publicPages(page)) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page, path);
  }
});

test('a fresh visitor’s age gate does not shift while the page is parsed and the app starts (phone, 4× slower CPU)', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // The gate is in the page's HTML (decision 0014) and the app replaces it: with a slow CPU the page is
  // painted while still being parsed, which is when a half-parsed gate used to move (CLS 0.06–0.18).
  // Lighthouse's phone (a Moto G Power): 412 × 823 at 1.75 device pixels.
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
  });
  try {
    const page = await context.newPage();
    const paths = await publicPages(page);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    for (let round = 0; round < 3; round++) {
      for (const path of paths) {
        await page.goto(path);
        await expect(page.getByRole('dialog', { name: 'ALT GENUG ZUM PUNKTEN?' })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const shifts = await layoutShifts(page);
        const total = shifts.reduce((sum, s) => sum + s.value, 0);
        expect(total, `${path}: ${JSON.stringify(shifts)}`).toBeLessThanOrEqual(0.02);
      }
    }
  } finally {
    await context.close();
  }
});
