import { EMAIL_LOCAL_PART_MAX_LENGTH, EMAIL_MAX_LENGTH, isValidEmail } from './validation';

describe('isValidEmail (spec §5 e-mail rule of the forms layer)', () => {
  it.each([
    'trainer@tsv-eching.de',
    'a@b',
    'vorname.nachname+newsletter@sub.example.org',
    "o'brien@example.com",
    'x_y-z@example-club.bayern',
    '1234@9.de',
  ])('accepts %s', (email) => {
    expect(isValidEmail(email)).toBe(true);
  });

  it.each([
    '',
    ' ',
    'plainaddress',
    '@example.com',
    'trainer@',
    'trainer@@example.com',
    'trainer@example..com',
    '.trainer@example.com',
    'trainer.@example.com',
    'trai..ner@example.com',
    'trainer@-example.com',
    'trainer@example-.com',
    'trainer @example.com',
    ' trainer@example.com',
    'trainer@example.com ',
    'müller@example.com',
    'trainer@exämple.com',
  ])('rejects %j', (email) => {
    expect(isValidEmail(email)).toBe(false);
  });

  it('rejects values that are not strings', () => {
    expect(isValidEmail(undefined)).toBe(false);
    expect(isValidEmail(null)).toBe(false);
    expect(isValidEmail(42)).toBe(false);
    expect(isValidEmail({ Email: 'a@b.de' })).toBe(false);
  });

  it('allows a local part of at most 64 characters', () => {
    expect(isValidEmail(`${'a'.repeat(EMAIL_LOCAL_PART_MAX_LENGTH)}@example.com`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(EMAIL_LOCAL_PART_MAX_LENGTH + 1)}@example.com`)).toBe(false);
  });

  it('allows at most 254 characters in total', () => {
    const domainOf = (length: number) => {
      // labels of 63 characters joined by dots, ending in ".de"
      const labels: string[] = [];
      let remaining = length - 3;
      while (remaining > 0) {
        const size = Math.min(63, remaining);
        labels.push('d'.repeat(size));
        remaining -= size + 1;
      }
      return `${labels.join('.')}.de`;
    };
    const local = 'a'.repeat(64);
    const fits = `${local}@${domainOf(EMAIL_MAX_LENGTH - 65)}`;
    expect(fits.length).toBeLessThanOrEqual(EMAIL_MAX_LENGTH);
    expect(isValidEmail(fits)).toBe(true);
    const tooLong = `${local}@${domainOf(EMAIL_MAX_LENGTH - 64)}`;
    expect(tooLong.length).toBeGreaterThan(EMAIL_MAX_LENGTH);
    expect(isValidEmail(tooLong)).toBe(false);
  });

  it('rejects domain labels longer than 63 characters', () => {
    expect(isValidEmail(`a@${'d'.repeat(63)}.de`)).toBe(true);
    expect(isValidEmail(`a@${'d'.repeat(64)}.de`)).toBe(false);
  });
});
