import fs from 'node:fs';
import path from 'node:path';
import { AGE_LINE, BRAND, SHIELD_SVG, initials, wordmarkParts } from './brand.js';

// The brand lives in the front ends' files, which the server cannot import: these tests keep the copies in step.
const root = path.resolve(__dirname, '../../../..');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');

describe('the cards use the site brand', () => {
  it('has the theme colours', () => {
    const theme = read('shared-contracts/src/ui/theme.ts');
    const colour = (name: string) => new RegExp(`\\b${name}: '(#[0-9a-f]{6})'`).exec(theme)?.[1];
    expect(BRAND.yellow).toBe(colour('primary'));
    expect(BRAND.navy).toBe(colour('primaryDark'));
    expect(BRAND.green).toBe(colour('secondary'));
    expect(BRAND.ink).toBe(colour('textDark'));
    expect(BRAND.muted).toBe(colour('textMuted'));
    expect(BRAND.cream).toBe(colour('background'));
    expect(BRAND.border).toBe(colour('border'));
  });

  it("has the footer's 18+ line", () => {
    expect(read('host/src/features/footer/components/footer.tsx')).toContain(AGE_LINE);
  });

  it("draws the header logo's shield", () => {
    const logo = read('host/src/components/logo.tsx');
    const paths = Array.from(logo.matchAll(/<path\s+d="([^"]+)"/g), (match) => match[1]);
    expect(paths.length).toBeGreaterThanOrEqual(3);
    for (const d of paths) expect(SHIELD_SVG).toContain(`d="${d}"`);
  });
});

describe('initials', () => {
  it('takes the first letters of up to three words, without legal forms and years', () => {
    expect(initials('SV Fortuna Regensburg e.V.')).toBe('SFR');
    expect(initials('TSV 1860 Rosenheim')).toBe('TR');
    expect(initials('FC Füssen')).toBe('FF');
    expect(initials('Spielvereinigung Unterhaching-Süd Obergiesing West')).toBe('SUS');
    expect(initials('')).toBe('');
  });
});

describe('wordmarkParts', () => {
  it("splits the header's wordmark, and keeps another product name whole", () => {
    expect(wordmarkParts('Punktejagd')).toEqual(['PUNKTE', 'JAGD']);
    expect(wordmarkParts('Torjäger')).toEqual(['TORJÄGER', '']);
  });
});
