import { css } from '@emotion/react';
import { Link, paths } from '@erd/shared-contracts';
import { Card } from '@erd/shared-contracts/ui';
import { imageUrl } from '../../../lib/media';
import { CroppedImage, PICTURE_GROUND } from '../../../components/cropped-image';
import { clubName, ClubTag } from '../../../components/club-tag';
import { EntryFooter } from './entry-footer';
import { withSort } from '../../../components/list-sort';
import { TileVote, type EntryTileProps } from './tile-vote';

/** A picture (width-1024 thumbnail) linking to the entry, with the club and the vote below. */
export function PictureEntryCard({ entry, challengeId, sort, vote }: EntryTileProps) {
  const name = clubName(entry.fields.club);
  return (
    <Card
      css={css`
        height: 100%;
      `}
    >
      <Link
        to={withSort(paths.participation(challengeId, entry._id), sort)}
        data-entry-link=""
        css={css`
          display: block;
          &:focus-visible {
            outline-offset: -3px;
          }
          &:hover img {
            opacity: 0.92;
          }
        `}
      >
        <CroppedImage
          src={imageUrl(entry.fields.image)}
          alt={name ? `Foto von ${name}` : 'Eingereichtes Foto'}
          width={1024}
          height={1024}
          loading="lazy"
          decoding="async"
          ratio="1 / 1"
          ground={PICTURE_GROUND}
        />
      </Link>
      <EntryFooter>
        <ClubTag club={entry.fields.club} />
        <TileVote entry={entry} subject={`Bild${name ? ` von ${name}` : ''}`} context={vote} />
      </EntryFooter>
    </Card>
  );
}
