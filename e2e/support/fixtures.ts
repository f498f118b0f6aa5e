import { test as base, expect, type Page } from '@playwright/test';

/**
 * `test` with a visitor who has passed the age gate, and a guard that fails the test on any
 * console error or uncaught page error (pass `allowConsoleErrors` for tests that break things on purpose).
 */
export const approveAgeGate = (page: Page) =>
  page.addInitScript(() => {
    localStorage.setItem('bfv-age-consent', JSON.stringify({ over18: 'approved', timestamp: Date.now() }));
  });

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
