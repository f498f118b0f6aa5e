import { availableTeams, groupClubs, normalizeSearchText, searchClubs } from '../lib/club-search';
import { catalogue } from '../../../testing/clubs';

const choices = groupClubs(catalogue);
const names = (query: string) => searchClubs(choices, query).map((c) => c.clubname);

it('groups the catalogue by club number, one entry per team', () => {
  const eching = choices.find((c) => c.clubnumber === '10001')!;
  expect(Object.keys(eching.teams).sort()).toEqual(['m', 'w']);
  expect(eching.logourl).toBe('/media/eching.png');
  expect(availableTeams(eching)).toEqual(['m', 'w']);
  expect(availableTeams(choices.find((c) => c.clubnumber === '20002'))).toEqual(['w']);
  expect(availableTeams(null)).toEqual([]);
});

it('starts only for more than 3 characters', () => {
  expect(names('Ech')).toEqual([]);
  expect(names('  Ech  ')).toEqual([]);
  expect(names('Echi')).toEqual(['TSV Eching']);
});

it('matches case- and accent-insensitively anywhere in the name', () => {
  expect(names('munchen')).toEqual(['FC München-Süd']);
  expect(names('MÜNCHEN-SUD')).toEqual(['FC München-Süd']);
  expect(names('grosshadern')).toEqual(['SV Großhadern']);
  expect(names('ching')).toEqual(['ASV Neuching', 'SC Unterhaching-Ost', 'TSV Eching']);
  expect(normalizeSearchText('  Fußball   Club  Ébène ')).toBe('fussball club ebene');
});

it('matches club numbers from their start, numbers first', () => {
  expect(names('10001')).toEqual(['TSV Eching']);
  expect(names('4000')).toEqual(['ASV Neuching', 'SC Unterhaching-Ost']);
  expect(names('0001')).toEqual([]);
});

it('finds nothing for unknown text', () => {
  expect(names('Xyzabc')).toEqual([]);
});
