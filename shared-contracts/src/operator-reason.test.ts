import { isOperatorReasonText, isValidOperatorReason, OPERATOR_REASON_MAX_LENGTH, OPERATOR_REASON_MIN_LENGTH } from './operator-reason';
import { operatorReasonSchema } from './schemas/common';
import { moderationReasonSchema } from './schemas/moderation';
import { seasonReasonInputSchema } from './schemas/seasons';
import { isPlainText, isSingleLine, textLength } from './text-rules';

describe('isValidOperatorReason (3 to 500 characters once trimmed, plain text)', () => {
  it.each([
    'abc',
    '  abc  ',
    'Werbung für Alkohol',
    'Zeile 1\nZeile 2\twith tab',
    'x'.repeat(500),
    `  ${'x'.repeat(500)}  `,
    '😀ab',
    '😀😀😀',
  ])('takes %j', (reason) => {
    expect(isValidOperatorReason(reason)).toBe(true);
  });

  it.each(['', '  ', 'ab', '  ab  ', 'x'.repeat(501), 'ab\u0000c', 'abc\u0007', 'abc\u009B', 'abc\uD800', 'abc\uDC00x', 'abc\uFFFD'])(
    'refuses %j',
    (reason) => {
      expect(isValidOperatorReason(reason)).toBe(false);
    },
  );

  it('takes line breaks and tabs, but not as a single line; nor bidi controls there', () => {
    expect(isValidOperatorReason('Zeile 1\nZeile 2')).toBe(true);
    expect(isValidOperatorReason('Zeile 1\nZeile 2', { singleLine: true })).toBe(false);
    expect(isValidOperatorReason('a\tbc', { singleLine: true })).toBe(false);
    expect(isValidOperatorReason('abc\u202E', { singleLine: true })).toBe(false);
    expect(isValidOperatorReason('abc\u202E')).toBe(true);
    expect(isValidOperatorReason('  Saison umgestellt  ', { singleLine: true })).toBe(true);
  });

  it('counts characters as the schemas do: an emoji is one', () => {
    expect(isValidOperatorReason('😀😀')).toBe(false);
    expect(isValidOperatorReason('😀😀😀')).toBe(true);
    expect(isValidOperatorReason('😀'.repeat(500))).toBe(true);
    expect(isValidOperatorReason('😀'.repeat(501))).toBe(false);
    expect(textLength('a😀\uD800')).toBe(3);
  });

  it('limits are 3 and 500', () => {
    expect([OPERATOR_REASON_MIN_LENGTH, OPERATOR_REASON_MAX_LENGTH]).toEqual([3, 500]);
  });
});

describe('the schemas take what the forms take', () => {
  const samples = [
    '',
    ' ',
    'ab',
    'abc',
    ' abc ',
    'x'.repeat(500),
    'x'.repeat(501),
    `${'x'.repeat(500)} `,
    'a\nb\tc',
    'ab\u0000c',
    'abc\u0085',
    'abc\uD83D',
    'abc\uFFFD',
    'abc\u202E',
    '😀😀',
    '😀😀😀',
    '😀'.repeat(500),
    '😀'.repeat(501),
    'ab\uD800',
  ];

  it.each(samples)('operatorReasonSchema and moderationReasonSchema agree with isValidOperatorReason on %j', (value) => {
    const expected = isValidOperatorReason(value);
    expect(operatorReasonSchema.safeParse(value).success).toBe(expected);
    // '' is "no reason" there (null), not a refused one.
    if (value !== '') expect(moderationReasonSchema('m').safeParse(value).success).toBe(expected);
  });

  it.each(samples)('the seasons’ one-line reason agrees with isValidOperatorReason(…, { singleLine: true }) on %j', (value) => {
    expect(seasonReasonInputSchema.safeParse({ reason: value }).success).toBe(isValidOperatorReason(value, { singleLine: true }));
  });

  it('the character rules are the text rules', () => {
    expect(isOperatorReasonText('a\nb')).toBe(isPlainText('a\nb'));
    expect(isOperatorReasonText('a\nb', { singleLine: true })).toBe(isSingleLine('a\nb'));
  });
});
