import { ValidationError } from '../../errors.js';
import { reasonOf } from './service.js';

/**
 * The server's check of an operator's reason where no schema checks it first (a right answer
 * changed after publication, a correction, a running challenge's dates): the contracts' one rule,
 * counted in characters (code points) as the schemas and the back office count them.
 */
const refused =
  (value: unknown, required = true) =>
  () =>
    reasonOf(value, required);

test('a reason is 3 to 500 characters once trimmed; an emoji is one character', () => {
  expect(reasonOf('  Tippfehler  ', true)).toBe('Tippfehler');
  expect(reasonOf('😀😀😀', true)).toBe('😀😀😀');
  expect(refused('😀😀')).toThrow(ValidationError);
  expect(refused('ab ')).toThrow(ValidationError);
  expect(reasonOf('😀'.repeat(500), true)).toHaveLength(1000);
  expect(refused('😀'.repeat(501))).toThrow(ValidationError);
});

test('plain text only: line breaks and tabs, no other control character', () => {
  expect(reasonOf('Erste Zeile\nzweite\tZeile', true)).toBe('Erste Zeile\nzweite\tZeile');
  expect(refused('Grund\u0000mit NUL')).toThrow(ValidationError);
  expect(refused('Grund\u001bmit ESC')).toThrow(ValidationError);
  expect(refused(42)).toThrow(ValidationError);
});

test('no reason is null where none is required, and refused where one is', () => {
  for (const none of [undefined, null, '']) {
    expect(reasonOf(none, false)).toBeNull();
    expect(refused(none)).toThrow(expect.objectContaining({ statusCode: 400, details: { field: 'reason' } }));
  }
});
