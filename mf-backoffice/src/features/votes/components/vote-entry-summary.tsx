import { css, type Theme } from '@emotion/react';
import { type VoteEntryDetailDto } from '@erd/shared-contracts/backoffice';
import { Badge } from '@erd/shared-contracts/ui';
import { Panel } from '../../../components/screen';
import { previewUrl } from '../../../lib/media';
import { clubOf } from './format';

/** The entry's picture (if it has one), its counts and whether it is flagged, with the rule for 'Auffällig'. */
export function VoteEntrySummary({ detail: d }: { detail: VoteEntryDetailDto }) {
  const entry = d.entry;
  const club = clubOf(entry);
  return (
    <Panel
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        gap: ${theme.space(6)};
        align-items: flex-start;
      `}
    >
      {entry.image && (
        <img
          src={previewUrl(entry.image)}
          alt={`Das Bild von ${club}`}
          css={css`
            max-width: 200px;
            max-height: 200px;
            object-fit: contain;
          `}
        />
      )}
      <dl
        css={(theme: Theme) => css`
          display: grid;
          grid-template-columns: auto auto;
          gap: ${theme.space(1)} ${theme.space(4)};
          margin: 0;
          dt {
            font-weight: 700;
          }
          dd {
            margin: 0;
          }
        `}
      >
        <dt>Gezählte Stimmen</dt>
        <dd data-testid="counted-votes">{entry.votes}</dd>
        <dt>Entfernte Stimmen</dt>
        <dd>{entry.removed}</dd>
        <dt>Stimmen insgesamt</dt>
        <dd>{d.total}</dd>
        <dt>Adressen</dt>
        <dd>{d.addresses}</dd>
        <dt>Status</dt>
        <dd>{entry.flagged ? <Badge>Auffällig</Badge> : 'Unauffällig'}</dd>
      </dl>
      <p
        css={css`
          flex: 1 1 240px;
          margin: 0;
        `}
      >
        Auffällig sind ab {d.thresholds.addressMinVotes} gezählte Stimmen von einer Adresse oder ab {d.thresholds.minuteMinVotes} gezählte
        Stimmen in einer Minute. Adressen sind nur als Hash gespeichert (die ersten 8 Zeichen stehen hier).
      </p>
    </Panel>
  );
}
