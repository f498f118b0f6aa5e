import { isRejectedEntry, parseEstimate } from './entries';
import { ESTIMATE_INPUT_MESSAGE, ownEntryAnswerSchema, participationInputSchema } from './schemas/entries';

describe('parseEstimate (decisions §4, issue 24)', () => {
  test.each([
    [4500, 4500],
    [0, 0],
    [999_999_999, 999_999_999],
    ['4500', 4500],
    ['4.500', 4500],
    ['4 500', 4500],
    ['4\u00a0500', 4500],
    [' 1.234.567 ', 1_234_567],
    ['999.999.999', 999_999_999],
    ['007', 7],
  ])('%j → %j', (value, expected) => {
    expect(parseEstimate(value)).toBe(expected);
  });

  test.each([
    [-1],
    [1.5],
    [1_000_000_000],
    [Number.NaN],
    [1e21],
    ['1.000.000.000'],
    ['0.000.000.001'],
    ['0000000001'],
    ['4,5'],
    ['4.50'],
    ['-4'],
    ['abc'],
    [''],
    ['  '],
    [null],
    [true],
    [[1]],
    ['1'.repeat(41)],
  ])('%j → undefined', (value) => {
    expect(parseEstimate(value)).toBeUndefined();
  });
});

describe('participationInputSchema', () => {
  test('an estimate as a number or as Germans write it is normalised to the number', () => {
    expect(participationInputSchema.parse({ estimate: '4.500' })).toEqual({ estimate: 4500 });
    expect(participationInputSchema.parse({ estimate: '4 500' })).toEqual({ estimate: 4500 });
    expect(participationInputSchema.parse({ estimate: 4500 })).toEqual({ estimate: 4500 });
  });

  test.each([[{ estimate: '4,5' }], [{ estimate: null }], [{ estimate: -1 }], [{ estimate: '1234567890' }]])(
    '%j → the German message',
    (body) => {
      const result = participationInputSchema.safeParse(body);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]).toMatchObject({ path: ['estimate'], message: ESTIMATE_INPUT_MESSAGE });
    },
  );

  test('exactly one known field', () => {
    expect(participationInputSchema.safeParse({}).success).toBe(false);
    expect(participationInputSchema.safeParse({ estimate: 1, slogan: 'x' }).success).toBe(false);
    expect(participationInputSchema.safeParse({ other: 1 }).success).toBe(false);
    expect(participationInputSchema.safeParse([1]).success).toBe(false);
    expect(participationInputSchema.parse({ slogan: ' Hallo\nWelt ' })).toEqual({ slogan: ' Hallo\nWelt ' });
    expect(participationInputSchema.safeParse({ picture: 'a\u0000b' }).success).toBe(false);
  });
});

describe('the GET answer', () => {
  const entry = {
    _id: 'p-1',
    sys: { id: 'p-1', objectTypeId: 'bfv-erd-text-participation', createdAt: '2026-06-15T10:00:00.000Z' },
    createdAt: '2026-06-15T10:00:00.000Z',
    publishedAt: [],
    fields: {
      challenge: { id: 'c', linkType: 'Object', type: 'Link' },
      club: { id: 'k', linkType: 'Object', type: 'Link' },
      votes: 0,
      slogan: 'Hallo',
    },
    state: 'pending',
  };
  const rejected = {
    state: 'rejected',
    challengeId: 'c',
    objectTypeId: 'bfv-erd-text-participation',
    reason: 'Beleidigend',
    rejectedAt: '2026-06-15T11:00:00.000Z',
    withdrawn: false,
    slogan: 'Hallo',
  };

  test('an entry keeps its own fields; a rejection and null are answers too', () => {
    expect(ownEntryAnswerSchema.parse(entry)).toEqual(entry);
    expect(ownEntryAnswerSchema.parse(rejected)).toEqual(rejected);
    expect(ownEntryAnswerSchema.parse(null)).toBeNull();
    expect(ownEntryAnswerSchema.safeParse({ ...entry, state: 'rejected' }).success).toBe(false);
  });

  test('isRejectedEntry tells a rejection from an entry and from null', () => {
    expect(isRejectedEntry(rejected as never)).toBe(true);
    expect(isRejectedEntry(entry as never)).toBe(false);
    expect(isRejectedEntry(null)).toBe(false);
  });
});
