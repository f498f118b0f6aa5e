import { css, type Theme } from '@emotion/react';
import { useId, type ReactNode } from 'react';
import { Badge, Card, Icon, VisuallyHidden } from '@erd/shared-contracts/ui';
import { CHALLENGE_TYPE_LABELS } from '../../../lib/challenges';
import { formatDateRange, formatNumber, formatPlace } from '../../../lib/format';
import type { ClubResultCard } from '../api/get-club-page';

/** The facts a card shows per challenge type; a value the results file does not give is left out. */
function facts({ challenge, row }: ClubResultCard): Array<[string, ReactNode]> {
  const list: Array<[string, ReactNode | undefined]> = [];
  switch (challenge.sys.objectTypeId) {
    case 'bfv-erd-estimate':
      list.push(['Deine Schätzung', row.estimate], ['Richtige Antwort', row.rightEstimate]);
      break;
    case 'bfv-erd-goals':
      list.push(['Tore', row.estimate], ['Richtige Antwort', row.rightEstimate]);
      break;
    case 'bfv-erd-picture-vote':
    case 'bfv-erd-text-vote':
      list.push(['Stimmen', row.votes]);
      break;
  }
  list.push(['Platz', formatPlace(row.place)], ['Punkte', row.points]);
  return list
    .filter((entry): entry is [string, ReactNode] => entry[1] !== undefined && entry[1] !== null)
    .map(([label, value]) => [label, typeof value === 'number' ? formatNumber(value) : value]);
}

/** One finished, published challenge on the club page: #n, headline, type, dates and the club's result. */
export function ResultCard({ card }: { card: ClubResultCard }) {
  const titleId = useId();
  const { challenge, number, row } = card;
  const slogan = challenge.sys.objectTypeId === 'bfv-erd-text-vote' ? row.slogan : undefined;
  return (
    <Card aria-labelledby={titleId}>
      <div
        css={(theme: Theme) => css`
          display: flex;
          align-items: center;
          gap: ${theme.space(3)};
          padding: ${theme.space(4)} ${theme.space(5)};
          background: ${theme.colors.primaryDark};
          color: ${theme.colors.white};
        `}
      >
        <Badge aria-hidden>#{number}</Badge>
        <div css={css`min-width: 0;`}>
          <p
            css={(theme: Theme) => css`
              margin: 0;
              font-size: 0.875rem;
              font-weight: 700;
              letter-spacing: 0.06em;
              text-transform: uppercase;
              color: ${theme.colors.primary};
            `}
          >
            {CHALLENGE_TYPE_LABELS[challenge.sys.objectTypeId]}
          </p>
          <h3
            id={titleId}
            css={(theme: Theme) => css`
              margin: 0;
              font-family: ${theme.fonts.headline};
              font-weight: 900;
              font-size: 1.25rem;
              line-height: 1.2;
              text-transform: uppercase;
              overflow-wrap: break-word;
            `}
          >
            <VisuallyHidden>#{number} </VisuallyHidden>
            {challenge.fields.headline}
          </h3>
          <p
            css={css`
              margin: 0.25rem 0 0;
              font-size: 0.875rem;
              opacity: 0.85;
            `}
          >
            {formatDateRange(challenge.fields.startDate, challenge.fields.endDate)}
          </p>
        </div>
      </div>
      <div
        css={(theme: Theme) => css`
          padding: ${theme.space(4)} ${theme.space(5)} ${theme.space(5)};
          flex: 1;
        `}
      >
        {slogan && (
          <blockquote
            css={(theme: Theme) => css`
              display: flex;
              gap: ${theme.space(2)};
              margin: 0 0 ${theme.space(4)};
              font-size: 1.125rem;
              font-style: italic;
              overflow-wrap: break-word;
            `}
          >
            <Icon name="quote" size="sm" />
            <p css={css`margin: 0;`}>{slogan}</p>
          </blockquote>
        )}
        <dl
          css={(theme: Theme) => css`
            display: grid;
            grid-template-columns: repeat(2, minmax(0, 1fr));
            ${theme.mq.sm} {
              grid-template-columns: repeat(auto-fit, minmax(8.5rem, 1fr));
            }
            gap: ${theme.space(3)};
            margin: 0;
            & > div {
              padding: ${theme.space(2)} ${theme.space(3)};
              border-radius: ${theme.radius};
              background: ${theme.colors.background};
            }
            & dt {
              font-size: 0.8125rem;
              font-weight: 700;
              color: ${theme.colors.textMuted};
            }
            & dd {
              margin: 0;
              font-family: ${theme.fonts.headline};
              font-weight: 900;
              font-size: 1.5rem;
              color: ${theme.colors.primaryDark};
            }
          `}
        >
          {facts(card).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </Card>
  );
}
