/** Playwright's launch options for Chromium (see chromium.mjs). */
export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };
