import type { MeDto } from '@erd/shared-contracts';

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
