import { css, type Theme } from '@emotion/react';
import { Link, paths } from '@erd/shared-contracts';
import { Card, Icon } from '@erd/shared-contracts/ui';
import { clubName, ClubTag } from '../../../components/club-tag';
import { EntryFooter } from './entry-footer';
import { withSort } from '../../../components/list-sort';
import { TileVote, type EntryTileProps } from './tile-vote';

/** A slogan: the text links to the entry, the club to its page, the vote beside it. Slogans are text, never HTML. */
export function TextEntryCard({ entry, challengeId, sort, vote }: EntryTileProps) {
  const name = clubName(entry.fields.club);
  return (
    <Card>
      <Link
        to={withSort(paths.participation(challengeId, entry._id), sort)}
        data-entry-link=""
        css={(theme: Theme) => css`
          display: flex;
          gap: ${theme.space(3)};
          padding: ${theme.space(5)} ${theme.space(4)};
          text-decoration: none;
          &:hover p {
            text-decoration: underline;
          }
          &:focus-visible {
            outline-offset: -3px;
          }
          ${theme.mq.md} {
            padding: ${theme.space(6)};
          }
        `}
      >
        <Icon name="quote" size="sm" color="primary" />
        <p
          css={(theme: Theme) => css`
            margin: 0;
            font-family: ${theme.fonts.headline};
            font-weight: 800;
            font-size: 1.25rem;
            line-height: 1.3;
            white-space: pre-line;
            overflow-wrap: anywhere;
          `}
        >
          {entry.fields.slogan}
        </p>
      </Link>
      <EntryFooter>
        <ClubTag club={entry.fields.club} />
        <TileVote entry={entry} subject={`Spruch${name ? ` von ${name}` : ''}`} context={vote} />
      </EntryFooter>
    </Card>
  );
}
