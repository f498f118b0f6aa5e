import { TEAM_LABELS } from '@erd/shared-contracts';
import type { AccountAdminDto, AccountSortDto } from '@erd/shared-contracts/backoffice';

/** The club's name isolated (`<bdi>`): its writing direction never pulls the team or number into it. */
export const clubText = (club: AccountAdminDto['club']) =>
  club ? (
    <>
      <bdi>{club.clubname}</bdi> ({TEAM_LABELS[club.team] ?? club.team}), Nr. {club.clubnumber}
    </>
  ) : (
    '–'
  );
export const stateText = (account: AccountAdminDto) => (account.state === 'CONFIRMED' ? 'Bestätigt' : 'Unbestätigt');
export const countText = (total: number) => (total === 1 ? '1 Konto' : `${total} Konten`);

export const SORT_LABELS: Record<AccountSortDto, string> = {
  email: 'E-Mail-Adresse (A–Z)',
  '-email': 'E-Mail-Adresse (Z–A)',
  '-created': 'Neueste Anmeldung zuerst',
  created: 'Älteste Anmeldung zuerst',
  club: 'Verein (A–Z)',
  '-club': 'Verein (Z–A)',
};
