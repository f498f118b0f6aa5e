import type { MeDto } from '@erd/shared-contracts';
import type { MyEntriesDto, MyEntryDto } from '@erd/shared-contracts/schemas';

export const ME_PATH = 'GET /api/me';
export const PROFILE_PUT = 'PUT /api/profile';
export const PROFILE_DELETE = 'DELETE /api/profile';

export const me = (overrides: Partial<MeDto> = {}): MeDto => ({
  sub: 'user-1',
  email: 'trainer@tsv-eching.example',
  fields: {
    firstname: 'Erika',
    lastname: 'Musterfrau',
    street: 'Hauptstraße 1',
    city: '85386 Eching',
    phone: '089 123456',
    club: { id: 'club-10001-m', linkType: 'Object', type: 'Link' },
  },
  club: { sys: { id: 'club-10001-m', objectTypeId: 'bfv-erd-club' }, fields: { clubname: 'TSV Eching', clubnumber: '10001', team: 'm' } },
  updatedAt: '2026-04-01T10:00:00.000Z',
  ...overrides,
});

export const MY_ENTRIES_GET = 'GET /api/me/participations';

export const noEntries: MyEntriesDto = { yearId: 'year-2026', entries: [] };

type EntryOverrides = Partial<Omit<MyEntryDto, 'challenge'>> & { challenge?: Partial<MyEntryDto['challenge']> };

/** One entry of 'Meine Teilnahmen' (default: a published slogan of challenge #1, voting running). */
export const myEntry = ({ challenge, ...overrides }: EntryOverrides = {}): MyEntryDto => ({
  challenge: {
    id: 'challenge-spruch',
    number: 1,
    headline: 'Dein Vereinsspruch',
    type: 'bfv-erd-text-vote',
    submissionOpen: false,
    ended: false,
    resultsPublished: false,
    resultsDate: null,
    ...challenge,
  },
  participationId: 'p-spruch',
  state: 'published',
  rejectionReason: null,
  estimate: null,
  slogan: 'Wir sind der Verein!',
  picture: null,
  votes: 12,
  result: null,
  at: '2026-05-02T10:00:00.000Z',
  ...overrides,
});
