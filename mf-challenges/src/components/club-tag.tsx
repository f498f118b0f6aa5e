import { css, type Theme } from '@emotion/react';
import { Link, paths, TEAM_LABELS, type ClubDto, type LinkDto } from '@erd/shared-contracts';
import { Icon } from '@erd/shared-contracts/ui';
import { mediaUrl } from '../lib/media';

const isClub = (club: ClubDto | LinkDto): club is ClubDto => 'sys' in club && 'fields' in club;

/** Club logo (or the default shield) and name, linking to the public club page. */
export function ClubTag({ club }: { club: ClubDto | LinkDto | undefined }) {
  if (!club) return null;
  const id = isClub(club) ? club.sys.id : club.id;
  const name = isClub(club) ? club.fields.clubname : 'Zum Verein';
  const team = isClub(club) ? TEAM_LABELS[club.fields.team] : undefined;
  const logo = isClub(club) ? mediaUrl(club.fields.logourl) : '';
  return (
    <Link
      to={paths.club(id)}
      css={(theme: Theme) => css`
        display: inline-flex;
        align-items: center;
        gap: ${theme.space(2.5)};
        min-height: 44px;
        min-width: 0;
        font-weight: 700;
        text-decoration: none;
        &:hover span:first-of-type {
          text-decoration: underline;
        }
      `}
    >
      {logo ? (
        // Decorative: the club name right next to it names the link.
        <img
          src={logo}
          alt=""
          width={36}
          height={36}
          loading="lazy"
          css={css`
            width: 36px;
            height: 36px;
            object-fit: contain;
            flex-shrink: 0;
          `}
        />
      ) : (
        <Icon name="shield" size="md" color="primary-dark" />
      )}
      <span
        css={css`
          display: flex;
          flex-direction: column;
          min-width: 0;
          line-height: 1.2;
        `}
      >
        <span
          css={css`
            overflow-wrap: break-word;
            hyphens: auto;
          `}
        >
          <bdi>{name}</bdi>
        </span>
        {team && (
          <span
            css={(theme: Theme) => css`
              font-weight: 400;
              font-size: 0.875rem;
              color: ${theme.colors.textMuted};
            `}
          >
            {team}
          </span>
        )}
      </span>
    </Link>
  );
}

export function clubName(club: ClubDto | LinkDto | undefined): string | undefined {
  return club && isClub(club) ? club.fields.clubname : undefined;
}

/** The id of the club an entry belongs to (resolved object or link). */
export function clubId(club: ClubDto | LinkDto | undefined): string | undefined {
  if (!club) return undefined;
  return isClub(club) ? club.sys.id : club.id;
}
