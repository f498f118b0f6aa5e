// How the project launches Chromium: Debian's package (CHROMIUM_PATH to use another), never a
// downloaded browser, with the switches for a container without a GPU or a sandbox. One place for
// the end-to-end tests (playwright.config.ts) and the benches that drive a browser (bench.mjs).

/** Playwright's launch options for Chromium. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};
