import { test as base, expect, type Browser, type BrowserContext, type Page } from '@playwright/test';

/**
 * `test` with a visitor who has passed the age gate, and a guard that fails the test on any
 * console error or uncaught page error (pass `allowConsoleErrors` for tests that break things on purpose).
 */
export const approveAgeGate = (target: Page | BrowserContext) =>
  target.addInitScript(() => {
    localStorage.setItem('bfv-age-consent', JSON.stringify({ over18: 'approved', timestamp: Date.now() }));
  });

/**
 * A page in a browser context of its own (no cookies, no session) whose visitor has passed the age
 * gate. Such a page runs on the real clock: it shows the server's day by itself (/config.json's clockOffsetDays).
 */
export async function visitorPage(browser: Browser, options?: Parameters<Browser['newContext']>[0]): Promise<Page> {
  const context = await browser.newContext(options);
  await approveAgeGate(context);
  return context.newPage();
}

/**
 * `allowConsoleErrors` for the HTTP errors a test provokes on purpose: Chromium logs each refused
 * request as "Failed to load resource: the server responded with a status of 401 (Unauthorized)".
 */
export const failedLoads = (...statuses: number[]) =>
  new RegExp(`Failed to load resource: the server responded with a status of (${statuses.join('|')})`);

/**
 * `allowConsoleErrors`: true to allow any, or a pattern for the ones a test provokes on purpose
 * (a wrong password is an HTTP 400 that Chromium logs as "Failed to load resource").
 */
export const test = base.extend<{ allowConsoleErrors: boolean | RegExp; consoleErrors: string[] }>({
  allowConsoleErrors: [false, { option: true }],
  consoleErrors: async ({ page, allowConsoleErrors }, use) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    await use(errors);
    const unexpected =
      allowConsoleErrors instanceof RegExp ? errors.filter((e) => !allowConsoleErrors.test(e)) : allowConsoleErrors ? [] : errors;
    expect(unexpected, 'console errors').toEqual([]);
  },
  page: async ({ page }, use) => {
    await approveAgeGate(page);
    await use(page);
  },
});

export { expect };

/** Sum of what the page downloaded, by kind, for budget checks. */
export function trackRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(new URL(request.url()).pathname));
  return urls;
}
