import { DEFAULT_POINTS_TABLE, type ChallengeDto, type StandingRowDto } from './entities';
import { filterRowsByTeam, pointsForPlace, resultsDue } from './results';

const row = (id: string, team: 'm' | 'w', place: number, points: number): StandingRowDto => ({
  club: { _id: id, clubname: id, clubnumber: '1', team },
  place,
  points,
});

describe('filterRowsByTeam: places within the filter by the same tie rule', () => {
  const table = [
    row('a', 'm', 1, 200),
    row('b', 'w', 1, 200),
    row('c', 'w', 3, 150),
    row('d', 'm', 4, 120),
    row('e', 'm', 4, 120),
    row('f', 'w', 6, 90),
    row('g', 'm', 7, 80),
  ];

  test('all: the table as it is', () => {
    expect(filterRowsByTeam(table, 'all')).toEqual(table);
  });

  test('Herren: 1, 2, 2, 4; points stay as awarded', () => {
    expect(filterRowsByTeam(table, 'm').map((r) => [r.club._id, r.place, r.points])).toEqual([
      ['a', 1, 200],
      ['d', 2, 120],
      ['e', 2, 120],
      ['g', 4, 80],
    ]);
  });

  test('Damen: a tie with another team does not count', () => {
    expect(filterRowsByTeam(table, 'w').map((r) => [r.club._id, r.place])).toEqual([
      ['b', 1],
      ['c', 2],
      ['f', 3],
    ]);
  });

  test('no rows of the team, no rows; the input is not changed', () => {
    const copy = JSON.parse(JSON.stringify(table));
    expect(filterRowsByTeam([row('x', 'm', 1, 5)], 'w')).toEqual([]);
    filterRowsByTeam(table, 'm');
    expect(table).toEqual(copy);
  });
});

test('pointsForPlace follows the default table', () => {
  expect([1, 2, 3, 4, 5, 6, 10, 11, 20, 21, 50, 51, 999].map((p) => pointsForPlace(DEFAULT_POINTS_TABLE, p))).toEqual([
    100, 80, 65, 55, 50, 40, 40, 25, 25, 15, 15, 5, 5,
  ]);
});

test('resultsDue: after the end; vote types after the voting window', () => {
  const estimate = {
    sys: { id: 'e', objectTypeId: 'bfv-erd-estimate' },
    fields: { headline: 'E', startDate: '2026-05-01', endDate: '2026-05-31', points: [] },
  } as ChallengeDto;
  expect(resultsDue(estimate, '2026-05-31')).toBe(false);
  expect(resultsDue(estimate, '2026-06-01')).toBe(true);
  const vote = {
    sys: { id: 'v', objectTypeId: 'bfv-erd-text-vote' },
    fields: {
      headline: 'V',
      startDate: '2026-05-01',
      endDate: '2026-06-30',
      startDateSubmission: '2026-05-01',
      endDateSubmission: '2026-05-15',
      startDateVoting: '2026-05-16',
      endDateVoting: '2026-06-10',
      points: [],
    },
  } as ChallengeDto;
  expect(resultsDue(vote, '2026-06-10')).toBe(false);
  expect(resultsDue(vote, '2026-06-11')).toBe(true);
});
