import { css, type Theme } from '@emotion/react';
import { useId, useState, type ReactNode } from 'react';
import { paths, TEAM_LABELS } from '@erd/shared-contracts';
import { Badge, ButtonLink, Card, Icon, VisuallyHidden } from '@erd/shared-contracts/ui';
import { CHALLENGE_TYPE_LABELS } from '../../../lib/challenges';
import { formatDateRange, formatNumber, formatPlace } from '../../../lib/format';
import { mediaUrl } from '../../../lib/media';
import type { ClubResultCard } from '../api/get-club-page';

/**
 * The facts a card shows per challenge type; a value the results file does not give is left out
 * (never a made-up number). The club's own number reads 'Deine Schätzung' only for a member of
 * this club; every other visitor reads 'Schätzung' (or 'Tore').
 */
function facts({ objectTypeId, row }: ClubResultCard, own: boolean): Array<[string, ReactNode]> {
  const list: Array<[string, ReactNode | undefined]> = [];
  switch (objectTypeId) {
    case 'bfv-erd-estimate':
      list.push([own ? 'Deine Schätzung' : 'Schätzung', row.estimate], ['Richtige Antwort', row.rightEstimate]);
      break;
    case 'bfv-erd-goals':
      list.push([own ? 'Deine Tore' : 'Tore', row.estimate], ['Richtige Antwort', row.rightEstimate]);
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

/** The picture of a picture vote (the 640 px rendition of the results file); a note if it does not load. */
function EntryPicture({ src, alt }: { src: string; alt: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  const frame = (theme: Theme) => css`
    margin: 0 0 ${theme.space(4)};
    border-radius: ${theme.radius};
    overflow: hidden;
    background: ${theme.colors.background};
  `;
  if (failed === src) {
    return (
      <p
        css={(theme: Theme) => css`
          ${frame(theme)};
          padding: ${theme.space(4)};
          color: ${theme.colors.textMuted};
        `}
      >
        Das Bild kann gerade nicht angezeigt werden.
      </p>
    );
  }
  return (
    <figure css={frame}>
      <img
        src={src}
        alt={alt}
        width={640}
        height={480}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(src)}
        css={css`
          display: block;
          width: 100%;
          height: auto;
          aspect-ratio: 4 / 3;
          object-fit: cover;
        `}
      />
    </figure>
  );
}

/**
 * One finished, published challenge on the club page: #n, headline, type, dates and the club's
 * result (its estimate with the right answer, or its slogan or picture with the votes), and for
 * the vote types a link to the entry.
 */
export function ResultCard({ card, own, archived = false }: { card: ClubResultCard; own: boolean; archived?: boolean }) {
  const titleId = useId();
  const { id, number, row, headline } = card;
  const type = card.objectTypeId;
  const title = `#${number} ${headline}`;
  const slogan = type === 'bfv-erd-text-vote' ? row.slogan?.trim() : undefined;
  const picture = type === 'bfv-erd-picture-vote' ? mediaUrl(row.picture) : '';
  const teamLabel = TEAM_LABELS[row.club.team] ?? row.club.team;
  // An entry of an ended season has no page of its own any more (its challenge is not in the current season).
  const entryLink =
    !archived && (type === 'bfv-erd-picture-vote' || type === 'bfv-erd-text-vote') && row.participationId
      ? { to: paths.participation(id, row.participationId), label: type === 'bfv-erd-picture-vote' ? 'Zum Bild' : 'Zum Spruch' }
      : null;

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
            {CHALLENGE_TYPE_LABELS[type]}
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
            {headline}
          </h3>
          <p
            css={css`
              margin: 0.25rem 0 0;
              font-size: 0.875rem;
              opacity: 0.85;
            `}
          >
            {formatDateRange(card.startDate, card.endDate)}
          </p>
        </div>
      </div>
      <div
        css={(theme: Theme) => css`
          display: flex;
          flex-direction: column;
          padding: ${theme.space(4)} ${theme.space(5)} ${theme.space(5)};
          flex: 1;
        `}
      >
        {picture && <EntryPicture src={picture} alt={`Bild von ${row.club.clubname} (${teamLabel}) zu „${headline}“`} />}
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
            <p css={css`margin: 0; min-width: 0;`}>{slogan}</p>
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
              overflow-wrap: anywhere;
            }
          `}
        >
          {facts(card, own).map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {entryLink && (
          <ButtonLink
            to={entryLink.to}
            variant="secondary"
            css={(theme: Theme) => css`
              align-self: flex-start;
              margin-top: ${theme.space(4)};
            `}
          >
            {entryLink.label}
            <VisuallyHidden> ({title})</VisuallyHidden>
            <Icon name="arrow-right" size="xs" color="white" />
          </ButtonLink>
        )}
      </div>
    </Card>
  );
}
