import { formatGermanNumber } from './numbers';

describe('formatGermanNumber', () => {
  const reference = new Intl.NumberFormat('de-DE');

  it('groups whole numbers with a dot, as the German locale does', () => {
    expect(formatGermanNumber(0)).toBe('0');
    expect(formatGermanNumber(999)).toBe('999');
    expect(formatGermanNumber(3847)).toBe('3.847');
    expect(formatGermanNumber(-1250)).toBe('-1.250');
    expect(formatGermanNumber(1234567)).toBe('1.234.567');
  });

  it('writes every number as Intl.NumberFormat("de-DE") does', () => {
    const values = [
      -0,
      0.5,
      -2.25,
      1234.5678,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_SAFE_INTEGER + 2,
      -Number.MAX_SAFE_INTEGER,
      1e21,
      NaN,
      Infinity,
      -Infinity,
    ];
    for (let digits = 1; digits <= 16; digits++) {
      const n = Number('9'.repeat(digits));
      values.push(n, -n, Math.floor(n / 7), Math.ceil(n / 3) + 1);
    }
    for (const value of values) expect([value, formatGermanNumber(value)]).toEqual([value, reference.format(value)]);
  });
});
