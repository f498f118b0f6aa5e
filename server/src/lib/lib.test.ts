import { addDays, berlinToday, isValidIsoDate, resolveDateSpec } from './dates.js';
import { isValidEmail } from './email.js';
import { inspectImage } from './image-info.js';
import { lazy } from './lazy.js';
import { normalizeSearch } from './text.js';

describe('dates (Europe/Berlin)', () => {
  test('today is the Berlin calendar day', () => {
    expect(berlinToday(new Date('2026-03-28T23:30:00Z'))).toBe('2026-03-29');
    expect(berlinToday(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(berlinToday(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
  });

  test('relative dates resolve in calendar days across month and DST changes', () => {
    expect(resolveDateSpec('today', '2026-03-29')).toBe('2026-03-29');
    expect(resolveDateSpec('today+3', '2026-03-29')).toBe('2026-04-01');
    expect(resolveDateSpec('today-40', '2026-03-01')).toBe('2026-01-20');
    expect(resolveDateSpec('2026-02-28', '2026-01-01')).toBe('2026-02-28');
    expect(resolveDateSpec('2026-02-30', '2026-01-01')).toBeNull();
    expect(resolveDateSpec('tomorrow', '2026-01-01')).toBeNull();
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(isValidIsoDate('2026-13-01')).toBe(false);
  });
});

test('e-mail rule of spec §5', () => {
  expect(isValidEmail('fan@example.org')).toBe(true);
  expect(isValidEmail("o'brien+tag@sub.example.co.uk")).toBe(true);
  expect(isValidEmail(`${'a'.repeat(64)}@example.org`)).toBe(true);
  expect(isValidEmail(`${'a'.repeat(65)}@example.org`)).toBe(false);
  expect(isValidEmail(`a@${`${'b'.repeat(60)}.`.repeat(5)}de`)).toBe(false);
  for (const bad of ['', 'a', 'a@', '@b.de', 'a b@c.de', 'a..b@c.de', 'a@-b.de', 42, null]) {
    expect(isValidEmail(bad)).toBe(false);
  }
});

test('search normalisation', () => {
  expect(normalizeSearch('  TSV  München-Süd ')).toBe('tsv munchen-sud');
  expect(normalizeSearch('Fußball Ärzte')).toBe('fussball arzte');
});

describe('inspectImage', () => {
  test('SVG size from width/height or viewBox', () => {
    expect(inspectImage(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="120px" height="80"/>'), 'a.svg')).toEqual({
      contentType: 'image/svg+xml',
      width: 120,
      height: 80,
    });
    expect(inspectImage(Buffer.from('<?xml version="1.0"?>\n<svg viewBox="0 0 300.5 150"></svg>'), 'a.svg')).toEqual({
      contentType: 'image/svg+xml',
      width: 301,
      height: 150,
    });
    expect(inspectImage(Buffer.from('<svg width="100%"></svg>'), 'a.svg')).toEqual({ contentType: 'image/svg+xml' });
  });

  test('GIF, JPEG, WEBP headers', () => {
    const gif = Buffer.from('474946383961' + '0a00' + '0500' + '000000', 'hex');
    expect(inspectImage(gif, 'a.gif')).toEqual({ contentType: 'image/gif', width: 10, height: 5 });
    const jpeg = Buffer.from('ffd8' + 'ffe0' + '0004' + '0000' + 'ffc0' + '0011' + '08' + '0020' + '0040' + '03' + '00'.repeat(12), 'hex');
    expect(inspectImage(jpeg, 'a.jpg')).toEqual({ contentType: 'image/jpeg', width: 64, height: 32 });
    const webp = Buffer.alloc(30);
    webp.write('RIFF', 0, 'latin1');
    webp.write('WEBP', 8, 'latin1');
    webp.write('VP8X', 12, 'latin1');
    webp.writeUIntLE(99, 24, 3);
    webp.writeUIntLE(49, 27, 3);
    expect(inspectImage(webp, 'a.webp')).toEqual({ contentType: 'image/webp', width: 100, height: 50 });
  });

  test('not an image', () => {
    expect(inspectImage(Buffer.from('hello'), 'a.txt')).toBeNull();
    expect(inspectImage(Buffer.from('hello'), 'a.svg')).toBeNull();
  });
});

describe('lazy', () => {
  test('loads on the first get only, hands every caller the same value, and tries again after a failure', async () => {
    let calls = 0;
    const value = lazy(async () => {
      calls += 1;
      if (calls === 1) throw new Error('first load fails');
      return { n: calls };
    });
    expect(value.started()).toBeNull();
    expect(calls).toBe(0);
    await expect(value.get()).rejects.toThrow('first load fails');
    const [a, b] = await Promise.all([value.get(), value.get()]);
    expect(a).toBe(b);
    expect(a).toEqual({ n: 2 });
    expect(calls).toBe(2);
    await expect(value.started()).resolves.toBe(a);
  });
});
