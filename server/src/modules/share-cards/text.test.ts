import { cardText, displayUrl, fitSize, shorten, TEXT_LIMITS } from './text.js';

describe('cardText', () => {
  it('removes bidi controls, so they cannot reorder a card', () => {
    expect(cardText('A\u202EB', 60)).toBe('AB');
    const controls = [
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u202E',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u061C',
    ];
    expect(cardText(`FC${controls.join('')} Füssen`, 60)).toBe('FC Füssen');
  });

  it('turns control characters into spaces and removes zero-width ones', () => {
    expect(cardText('SV\u0000Memmels\u200Bdorf\n\t 1921\u0085e.V.', 60)).toBe('SV Memmelsdorf 1921 e.V.');
  });

  it('keeps German typography: umlauts, ß and „…“ quotes, dashes', () => {
    const text = '„Füße hoch, Köpfe runter – wir schießen uns nach oben!“ ÄÖÜ äöü ß';
    expect(cardText(text, 200)).toBe(text);
  });

  it('keeps latin-ext letters (Ş, ł) and leaves out what the card font cannot draw (emoji, other scripts)', () => {
    expect(cardText('Türkgücü Şahin Łódź ⚽🍺 Бавария 足球', 80)).toBe('Türkgücü Şahin Łódź');
  });

  it('composes decomposed umlauts (NFC)', () => {
    expect(cardText('Fu\u0308ssen', 60)).toBe('Füssen');
  });

  it('shortens a 10-KB club name with an ellipsis, at a word boundary', () => {
    const name = 'Spielvereinigung Großweißenbach '.repeat(320);
    expect(name.length).toBeGreaterThan(10_000);
    const out = cardText(name, TEXT_LIMITS.clubName);
    expect(Array.from(out).length).toBeLessThanOrEqual(TEXT_LIMITS.clubName);
    expect(out.endsWith('…')).toBe(true);
    expect(out).toMatch(/^Spielvereinigung Großweißenbach Spielvereinigung/);
    expect(out).not.toMatch(/ …$/);
  });

  it('cuts one endless word between characters', () => {
    const out = cardText('a'.repeat(5000), 60);
    expect(out).toBe(`${'a'.repeat(59)}…`);
  });

  it('leaves a 200-character slogan whole', () => {
    const slogan = `${'Heimspiel '.repeat(20).trim()}!`;
    expect(slogan).toHaveLength(200);
    expect(cardText(slogan, TEXT_LIMITS.slogan)).toBe(slogan);
  });

  it('answers an empty string for nothing', () => {
    expect(cardText(undefined, 10)).toBe('');
    expect(cardText(null, 10)).toBe('');
    expect(cardText('\u202E\u0000 ', 10)).toBe('');
  });
});

describe('shorten', () => {
  it('does not touch what fits and counts characters, not UTF-16 units', () => {
    expect(shorten('Füße', 4)).toBe('Füße');
    expect(shorten('eins zwei drei vier', 12)).toBe('eins zwei…');
  });
});

describe('fitSize', () => {
  const steps = [
    [30, 96],
    [60, 80],
    [200, 46],
  ] as const;

  it('steps down with the length', () => {
    expect(fitSize('kurz', steps, 1000)).toBe(96);
    expect(fitSize('x '.repeat(20), steps, 1000)).toBe(80);
    expect(fitSize('x '.repeat(80), steps, 1000)).toBe(46);
  });

  it('goes smaller for a long word, down to the smallest step', () => {
    expect(fitSize('Donaudampfschifffahrtsgesellschaft', steps, 1000)).toBeLessThan(80);
    expect(fitSize('a'.repeat(60), steps, 1000)).toBe(46);
  });
});

describe('displayUrl', () => {
  it('drops the scheme and www.', () => {
    expect(displayUrl('https://www.punktejagd.de/challenge/a/b?via=story')).toBe('punktejagd.de/challenge/a/b?via=story');
  });
});
