import {
  DEFAULT_POINTS_TABLE,
  pointsForPlace,
  type PointsRowDto,
  type StandingClubDto,
  type StandingRowDto,
} from '@erd/shared-contracts/wire';
import {
  AnswerMissingError,
  placeItems,
  rankingOf,
  scoreChallenge,
  sumOverall,
  type ScoringChallenge,
  type ScoringEntry,
} from './scoring.js';

const club = (n: number, team: 'm' | 'w' = 'm', clubname = `Verein ${String(n).padStart(3, '0')}`): StandingClubDto => ({
  _id: `club-${n}-${team}`,
  clubname,
  clubnumber: String(n),
  team,
});

const entry = (n: number, values: Partial<ScoringEntry> = {}): ScoringEntry => ({
  participationId: `p-${n}`,
  club: club(n),
  estimate: null,
  votes: 0,
  slogan: null,
  picture: null,
  ...values,
});

const estimate = (rightAnswer: number | null = 1000): ScoringChallenge => ({
  objectTypeId: 'bfv-erd-estimate',
  ranking: 'closest',
  rightAnswer,
  points: DEFAULT_POINTS_TABLE,
  challengeNumber: 1,
});
const goals = (ranking: 'highest' | 'closest' = 'highest', rightAnswer: number | null = null): ScoringChallenge => ({
  objectTypeId: 'bfv-erd-goals',
  ranking,
  rightAnswer,
  points: DEFAULT_POINTS_TABLE,
  challengeNumber: 3,
});
const textVote: ScoringChallenge = {
  objectTypeId: 'bfv-erd-text-vote',
  ranking: 'votes',
  rightAnswer: null,
  points: DEFAULT_POINTS_TABLE,
  challengeNumber: 4,
};
const pictureVote: ScoringChallenge = { ...textVote, objectTypeId: 'bfv-erd-picture-vote', challengeNumber: 2 };

const placesAndPoints = (rows: StandingRowDto[]) => rows.map((r) => [r.club._id, r.place, r.points]);

describe('pointsForPlace (decisions §6 default table)', () => {
  test.each([
    [1, 100],
    [2, 80],
    [3, 65],
    [4, 55],
    [5, 50],
    [6, 40],
    [10, 40],
    [11, 25],
    [20, 25],
    [21, 15],
    [50, 15],
    [51, 5],
    [5000, 5],
  ])('place %i brings %i points', (place, points) => {
    expect(pointsForPlace(DEFAULT_POINTS_TABLE, place)).toBe(points);
  });

  test('a place no row covers brings nothing (a table without "every other club")', () => {
    const table: PointsRowDto[] = [
      { fromPlace: 1, toPlace: 1, points: 10 },
      { fromPlace: 3, toPlace: 4, points: 3 },
    ];
    expect([1, 2, 3, 4, 5].map((p) => pointsForPlace(table, p))).toEqual([10, 0, 3, 3, 0]);
    expect(pointsForPlace([], 1)).toBe(0);
  });
});

describe('rankingOf', () => {
  test('vote types rank by votes, estimate by distance, goals as set (highest by default)', () => {
    expect(rankingOf('bfv-erd-text-vote', null)).toBe('votes');
    expect(rankingOf('bfv-erd-picture-vote', 'closest')).toBe('votes');
    expect(rankingOf('bfv-erd-estimate', null)).toBe('closest');
    expect(rankingOf('bfv-erd-estimate', 'highest')).toBe('closest');
    expect(rankingOf('bfv-erd-goals', null)).toBe('highest');
    expect(rankingOf('bfv-erd-goals', 'highest')).toBe('highest');
    expect(rankingOf('bfv-erd-goals', 'closest')).toBe('closest');
  });
});

describe('placeItems: ties share a place (1, 2, 2, 4)', () => {
  test('competition places and the tie order', () => {
    const placed = placeItems(
      ['d', 'b', 'a', 'c', 'e'],
      (x) => ({ a: 1, b: 2, c: 2, d: 4, e: 4 })[x]!,
      (x, y) => x.localeCompare(y),
    );
    expect(placed.map(({ item, place }) => `${item}${place}`)).toEqual(['a1', 'b2', 'c2', 'd4', 'e4']);
  });
  test('everybody tied is everybody first; nobody is nothing', () => {
    expect(
      placeItems(
        [3, 3, 3],
        () => 0,
        () => 0,
      ).map((p) => p.place),
    ).toEqual([1, 1, 1]);
    expect(
      placeItems(
        [],
        () => 0,
        () => 0,
      ),
    ).toEqual([]);
  });
});

describe('estimate: distance to the right answer, smallest first', () => {
  test('places, points, the club estimate and the right answer in each row', () => {
    const rows = scoreChallenge(estimate(1000), [
      entry(1, { estimate: 1200 }),
      entry(2, { estimate: 990 }),
      entry(3, { estimate: 1000 }),
      entry(4, { estimate: 5 }),
    ]);
    expect(placesAndPoints(rows)).toEqual([
      ['club-3-m', 1, 100],
      ['club-2-m', 2, 80],
      ['club-1-m', 3, 65],
      ['club-4-m', 4, 55],
    ]);
    expect(rows[1]).toEqual({ club: club(2), points: 80, place: 2, challengeNumber: 1, estimate: 990, rightEstimate: 1000 });
  });

  test('above and below by the same distance tie and share the place and its points', () => {
    const rows = scoreChallenge(estimate(100), [
      entry(1, { estimate: 90 }),
      entry(2, { estimate: 110 }),
      entry(3, { estimate: 100 }),
      entry(4, { estimate: 130 }),
    ]);
    expect(placesAndPoints(rows)).toEqual([
      ['club-3-m', 1, 100],
      ['club-1-m', 2, 80],
      ['club-2-m', 2, 80],
      ['club-4-m', 4, 55],
    ]);
  });

  test('without a right answer there is no table', () => {
    expect(() => scoreChallenge(estimate(null), [entry(1, { estimate: 1 })])).toThrow(AnswerMissingError);
  });

  test('a club without a number does not take part; zero is a number', () => {
    const rows = scoreChallenge(estimate(0), [
      entry(1, { estimate: null }),
      entry(2, { estimate: 0 }),
      entry(3, { estimate: 999_999_999 }),
    ]);
    expect(placesAndPoints(rows)).toEqual([
      ['club-2-m', 1, 100],
      ['club-3-m', 2, 80],
    ]);
  });

  test('the largest numbers (9 digits) keep their exact distance', () => {
    const rows = scoreChallenge(estimate(999_999_999), [entry(1, { estimate: 0 }), entry(2, { estimate: 999_999_998 })]);
    expect(rows.map((r) => r.club._id)).toEqual(['club-2-m', 'club-1-m']);
  });
});

describe('goals', () => {
  test('highest first by default; the right answer is not needed', () => {
    const rows = scoreChallenge(goals(), [entry(1, { estimate: 12 }), entry(2, { estimate: 40 }), entry(3, { estimate: 12 })]);
    expect(placesAndPoints(rows)).toEqual([
      ['club-2-m', 1, 100],
      ['club-1-m', 2, 80],
      ['club-3-m', 2, 80],
    ]);
    expect(rows[0]).not.toHaveProperty('rightEstimate');
  });

  test('"closest" ranks by distance like an estimate and needs the answer', () => {
    expect(() => scoreChallenge(goals('closest', null), [entry(1, { estimate: 3 })])).toThrow(AnswerMissingError);
    const rows = scoreChallenge(goals('closest', 30), [entry(1, { estimate: 12 }), entry(2, { estimate: 40 }), entry(3, { estimate: 29 })]);
    expect(placesAndPoints(rows)).toEqual([
      ['club-3-m', 1, 100],
      ['club-2-m', 2, 80],
      ['club-1-m', 3, 65],
    ]);
    expect(rows[0]).toMatchObject({ estimate: 29, rightEstimate: 30, challengeNumber: 3 });
  });
});

describe('slogan and picture: counted votes, most first', () => {
  test('rows carry the votes, the entry and the slogan', () => {
    const rows = scoreChallenge(textVote, [
      entry(1, { votes: 3, slogan: 'Auf geht’s!' }),
      entry(2, { votes: 10, slogan: 'Hopp!' }),
      entry(3, { votes: 0, slogan: 'Leise' }),
    ]);
    expect(placesAndPoints(rows)).toEqual([
      ['club-2-m', 1, 100],
      ['club-1-m', 2, 80],
      ['club-3-m', 3, 65],
    ]);
    expect(rows[0]).toEqual({
      club: club(2),
      points: 100,
      place: 1,
      challengeNumber: 4,
      votes: 10,
      participationId: 'p-2',
      slogan: 'Hopp!',
    });
  });

  test('a published entry without votes took part and gets the points of its place', () => {
    const rows = scoreChallenge(pictureVote, [
      entry(1, { votes: 0, picture: '/media/uploads/a.w640.webp' }),
      entry(2, { votes: 0, picture: '/b.webp' }),
    ]);
    expect(placesAndPoints(rows)).toEqual([
      ['club-1-m', 1, 100],
      ['club-2-m', 1, 100],
    ]);
    expect(rows[0]).toMatchObject({ picture: '/media/uploads/a.w640.webp', votes: 0 });
    expect(rows[0]).not.toHaveProperty('slogan');
    expect(rows[0]).not.toHaveProperty('estimate');
  });

  test('ties are listed by club name in German order, then team', () => {
    const rows = scoreChallenge(textVote, [
      { ...entry(1, { votes: 5 }), club: club(1, 'w', 'Überlingen') },
      { ...entry(2, { votes: 5 }), club: club(2, 'm', 'Ulm') },
      { ...entry(3, { votes: 5 }), club: club(3, 'm', 'Augsburg') },
      { ...entry(4, { votes: 5 }), club: club(1, 'm', 'Überlingen') },
    ]);
    expect(rows.map((r) => r.club._id)).toEqual(['club-3-m', 'club-1-m', 'club-1-w', 'club-2-m']);
    expect(rows.every((r) => r.place === 1 && r.points === 100)).toBe(true);
  });
});

describe('the points table at its boundaries', () => {
  /** `counts` clubs with strictly decreasing votes except where `ties` says: [place, clubs tied there]. */
  const votesTable = (count: number, ties: Array<[number, number]> = []) => {
    const entries: ScoringEntry[] = [];
    let votes = 100_000;
    let n = 0;
    while (entries.length < count) {
      const tie = ties.find(([place]) => place === entries.length + 1);
      const size = Math.min(tie ? tie[1] : 1, count - entries.length);
      for (let i = 0; i < size; i++) entries.push(entry(++n, { votes }));
      votes--;
    }
    return scoreChallenge(textVote, entries);
  };

  test('60 clubs without ties: every range of the default table', () => {
    const rows = votesTable(60);
    const points = rows.map((r) => r.points);
    expect(points.slice(0, 5)).toEqual([100, 80, 65, 55, 50]);
    expect(new Set(points.slice(5, 10))).toEqual(new Set([40]));
    expect(new Set(points.slice(10, 20))).toEqual(new Set([25]));
    expect(new Set(points.slice(20, 50))).toEqual(new Set([15]));
    expect(new Set(points.slice(50))).toEqual(new Set([5]));
    expect(rows.map((r) => r.place)).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
  });

  test('a tie across 5th and 6th shares place 5 and its 50 points; the next place is 8', () => {
    const rows = votesTable(9, [[5, 3]]);
    expect(rows.map((r) => [r.place, r.points])).toEqual([
      [1, 100],
      [2, 80],
      [3, 65],
      [4, 55],
      [5, 50],
      [5, 50],
      [5, 50],
      [8, 40],
      [9, 40],
    ]);
  });

  test('ties across 10/11, 20/21 and 50/51 take the better range', () => {
    const rows = votesTable(56, [
      [10, 2],
      [20, 3],
      [50, 4],
    ]);
    const at = (place: number) => rows.filter((r) => r.place === place).map((r) => r.points);
    expect(at(10)).toEqual([40, 40]);
    expect(at(12)).toEqual([25]);
    expect(at(20)).toEqual([25, 25, 25]);
    expect(at(23)).toEqual([15]);
    expect(at(50)).toEqual([15, 15, 15, 15]);
    expect(at(54)).toEqual([5]);
  });

  test('a tie for first: both 100, the next club is third', () => {
    const rows = votesTable(3, [[1, 2]]);
    expect(rows.map((r) => [r.place, r.points])).toEqual([
      [1, 100],
      [1, 100],
      [3, 65],
    ]);
  });

  test("the challenge's own table applies", () => {
    const own: ScoringChallenge = {
      ...textVote,
      points: [
        { fromPlace: 1, toPlace: 2, points: 7 },
        { fromPlace: 3, toPlace: null, points: 1 },
      ],
    };
    const rows = scoreChallenge(own, [entry(1, { votes: 3 }), entry(2, { votes: 2 }), entry(3, { votes: 1 }), entry(4, { votes: 0 })]);
    expect(rows.map((r) => r.points)).toEqual([7, 7, 1, 1]);
  });

  test('no entries, no rows', () => {
    expect(scoreChallenge(textVote, [])).toEqual([]);
    expect(scoreChallenge(estimate(5), [])).toEqual([]);
  });
});

describe('sumOverall', () => {
  const row = (n: number, points: number, team: 'm' | 'w' = 'm', clubname?: string): StandingRowDto => ({
    club: club(n, team, clubname),
    points,
    place: 0,
  });

  test('sums per club entry (Herren and Damen apart), ties share a place, listed by name', () => {
    const overall = sumOverall([
      [row(1, 100), row(2, 80), row(1, 65, 'w')],
      [row(2, 100), row(3, 80), row(1, 5)],
      [row(3, 100, 'm'), row(1, 40, 'w')],
    ]);
    expect(overall).toEqual([
      { club: club(2), points: 180, place: 1 },
      { club: club(3), points: 180, place: 1 },
      { club: club(1), points: 105, place: 3 },
      { club: club(1, 'w'), points: 105, place: 3 },
    ]);
  });

  test('clubs without points are not listed', () => {
    const overall = sumOverall([[row(1, 0), row(2, 5)], [row(1, 0)]]);
    expect(overall.map((r) => r.club._id)).toEqual(['club-2-m']);
  });

  test("the club's current data wins; by default the latest table's", () => {
    const renamed = sumOverall([[row(1, 10, 'm', 'Alt')], [row(1, 10, 'm', 'Neu')]]);
    expect(renamed[0]!.club.clubname).toBe('Neu');
    const current = sumOverall([[row(1, 10, 'm', 'Alt')]], (id) =>
      id === 'club-1-m' ? { ...club(1), clubname: 'Aktuell', logourl: '/l.svg' } : undefined,
    );
    expect(current[0]!.club).toEqual({ ...club(1), clubname: 'Aktuell', logourl: '/l.svg' });
  });

  test('no tables, no rows', () => {
    expect(sumOverall([])).toEqual([]);
  });
});
