import { css, type Theme } from '@emotion/react';
import { lazy, Suspense, useId, useState } from 'react';
import { formatGermanNumber, Link, paths, resolveServiceUrl } from '@erd/shared-contracts';
import type { MyEntryDto } from '@erd/shared-contracts/schemas';
import { Button, ButtonLink, Icon, Spinner, VisuallyHidden } from '@erd/shared-contracts/ui';
import { useMyEntries } from '../api/get-my-entries';
import {
  kindLabels,
  kindOf,
  myEntriesTexts as texts,
  numberLabels,
  pendingResultsText,
  resultText,
  stateLabel,
  votesText,
} from '../lib/my-entry-texts';
import { LoadFailure } from './load-failure';

type Shareable = MyEntryDto & { participationId: string };

function ShareUnavailable() {
  return <p css={{ margin: 0 }}>{texts.shareFailed}</p>;
}

// The share kit of issue 23 loads when a member opens 'Teilen', not with the list.
const MyEntryShare = lazy(() => import('./my-entry-share').catch(() => ({ default: ShareUnavailable })));

/** The list of 'Meine Teilnahmen' with its loading, error and empty states (a chunk of its own, see my-entries-section). */
export default function MyEntries() {
  const { load, reload } = useMyEntries();
  if (load.status === 'loading') return <Spinner label={texts.loading} />;
  if (load.status === 'error') {
    return <LoadFailure unauthorized={load.unauthorized} texts={texts} onReload={reload} />;
  }
  const { entries } = load.data;
  if (!entries.length) return <EmptyEntries />;
  return (
    <ul
      css={(theme: Theme) => css`
        list-style: none;
        margin: 0;
        padding: 0;
        display: grid;
        gap: ${theme.space(3)};
      `}
    >
      {entries.map((entry) => (
        <li key={entry.challenge.id}>
          <EntryItem entry={entry} />
        </li>
      ))}
    </ul>
  );
}

function EmptyEntries() {
  return (
    <div
      css={(theme: Theme) => css`
        padding: ${theme.space(5)} ${theme.space(4)};
        border: 2px dashed ${theme.colors.border};
        border-radius: ${theme.radius};
        text-align: center;
        p {
          margin: 0;
        }
      `}
    >
      <p
        css={(theme: Theme) => css`
          font-weight: 700;
          a {
            color: ${theme.colors.primaryDark};
          }
        `}
      >
        {texts.empty} – <Link to={paths.challenges}>{texts.emptyLink}</Link>
      </p>
      <p
        css={(theme: Theme) => css`
          margin-top: ${theme.space(2)} !important;
          color: ${theme.colors.textMuted};
          font-size: 0.9375rem;
        `}
      >
        {texts.emptyHint}
      </p>
    </div>
  );
}

const muted = (theme: Theme) => css`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-size: 0.9375rem;
`;

const tones = {
  pending: { background: '#fdf1c7', color: '#14181f', border: '#f2b705' },
  published: { background: '#e8f4ec', color: '#1f7a43', border: '#1f7a43' },
  rejected: { background: '#fbeceb', color: '#b3261e', border: '#b3261e' },
} as const;

function StateBadge({ entry }: { entry: MyEntryDto }) {
  const tone = tones[entry.state];
  return (
    <span
      css={(theme: Theme) => css`
        justify-self: start;
        display: inline-block;
        max-width: 100%;
        padding: ${theme.space(0.5)} ${theme.space(2.5)};
        border-radius: 999px;
        border: 1px solid ${tone.border};
        background: ${tone.background};
        color: ${tone.color};
        font-size: 0.875rem;
        font-weight: 700;
        line-height: 1.4;
        overflow-wrap: anywhere;
        ${entry.state === 'rejected' && entry.rejectionReason ? 'border-radius: 8px;' : ''}
      `}
    >
      <VisuallyHidden>Status: </VisuallyHidden>
      {stateLabel(entry)}
    </span>
  );
}

/** Facts under the entry: votes, place and points, or when the results come. */
function factsOf(entry: MyEntryDto): string[] {
  const facts: string[] = [];
  if (entry.votes !== null) facts.push(votesText(entry.votes));
  if (entry.result) {
    facts.push(resultText(entry.result));
    if (entry.result.rightAnswer !== null) facts.push(`Richtige Antwort: ${formatGermanNumber(entry.result.rightAnswer)}`);
  } else if (entry.state !== 'rejected' && entry.challenge.ended && !entry.challenge.resultsPublished) {
    facts.push(pendingResultsText(entry));
  }
  return facts;
}

function EntryItem({ entry }: { entry: MyEntryDto }) {
  const titleId = useId();
  const shareId = useId();
  const [sharing, setSharing] = useState(false);
  const kind = kindOf(entry);
  const { challenge } = entry;
  const shareable: Shareable | null =
    entry.state === 'published' && entry.participationId !== null && (kind === 'slogan' || kind === 'picture')
      ? { ...entry, participationId: entry.participationId }
      : null;
  const facts = factsOf(entry);
  const number = kind === 'estimate' || kind === 'goals' ? entry.estimate : null;

  return (
    <article
      aria-labelledby={titleId}
      css={(theme: Theme) => css`
        display: grid;
        gap: ${theme.space(3)};
        padding: ${theme.space(4)};
        border: 1px solid ${theme.colors.border};
        border-left: 4px solid ${tones[entry.state].border};
        border-radius: ${theme.radius};
        background: ${theme.colors.surface};
        min-width: 0;
      `}
    >
      <header
        css={(theme: Theme) => css`
          display: grid;
          grid-template-columns: auto 1fr;
          gap: ${theme.space(1)} ${theme.space(3)};
          align-items: center;
        `}
      >
        <span
          aria-hidden
          css={(theme: Theme) => css`
            grid-row: span 2;
            display: inline-flex;
            align-items: center;
            justify-content: center;
            width: 2.5rem;
            height: 2.5rem;
            border-radius: 50%;
            background: ${theme.colors.primary};
            color: ${theme.colors.primaryDark};
            font-family: ${theme.fonts.headline};
            font-weight: 900;
            font-size: 1.125rem;
          `}
        >
          {challenge.number}
        </span>
        <p
          css={(theme: Theme) => css`
            margin: 0;
            font-size: 0.8125rem;
            font-weight: 700;
            letter-spacing: 0.04em;
            text-transform: uppercase;
            color: ${theme.colors.textMuted};
          `}
        >
          <VisuallyHidden>Challenge #{challenge.number}: </VisuallyHidden>
          {kindLabels[kind]}
        </p>
        <h3
          id={titleId}
          css={(theme: Theme) => css`
            margin: 0;
            font-family: ${theme.fonts.headline};
            font-size: 1.125rem;
            line-height: 1.2;
            overflow-wrap: anywhere;
          `}
        >
          {challenge.headline}
        </h3>
      </header>

      <StateBadge entry={entry} />

      {kind === 'slogan' && entry.slogan && (
        <blockquote
          css={(theme: Theme) => css`
            margin: 0;
            padding: ${theme.space(3)} ${theme.space(4)};
            border-radius: ${theme.radius};
            background: ${theme.colors.background};
            font-size: 1.0625rem;
            font-weight: 700;
            overflow-wrap: anywhere;
          `}
        >
          „{entry.slogan}“
        </blockquote>
      )}
      {kind === 'picture' && entry.picture && (
        <img
          src={resolveServiceUrl(entry.picture)}
          alt={`Euer Bild zu „${challenge.headline}“`}
          width={160}
          height={120}
          loading="lazy"
          css={(theme: Theme) => css`
            display: block;
            width: 160px;
            height: 120px;
            object-fit: cover;
            border-radius: ${theme.radius};
            background: ${theme.colors.background};
          `}
        />
      )}
      {number !== null && (kind === 'estimate' || kind === 'goals') && (
        <p css={{ margin: 0 }}>
          {numberLabels[kind]}:{' '}
          <strong
            css={(theme: Theme) => css`
              font-family: ${theme.fonts.headline};
              font-size: 1.375rem;
              color: ${theme.colors.primaryDark};
            `}
          >
            {formatGermanNumber(number)}
          </strong>
        </p>
      )}
      {number !== null && challenge.submissionOpen && <p css={muted}>{texts.changeable}</p>}
      {entry.state === 'pending' && <p css={muted}>{texts.pendingHint}</p>}

      {facts.length > 0 && (
        <ul
          css={(theme: Theme) => css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: flex;
            flex-wrap: wrap;
            gap: ${theme.space(1)} ${theme.space(4)};
            font-weight: 700;
            color: ${theme.colors.primaryDark};
          `}
        >
          {facts.map((fact) => (
            <li key={fact}>{fact}</li>
          ))}
        </ul>
      )}

      <EntryActions
        entry={entry}
        shareable={shareable}
        sharing={sharing}
        shareId={shareId}
        onToggleShare={() => setSharing((open) => !open)}
      />
      {shareable && sharing && (
        <div
          id={shareId}
          css={(theme: Theme) => css`
            display: grid;
            gap: ${theme.space(4)};
            padding-top: ${theme.space(4)};
            border-top: 1px solid ${theme.colors.border};
          `}
        >
          <Suspense fallback={<p css={{ margin: 0 }}>{texts.shareLoading}</p>}>
            <MyEntryShare entry={shareable} />
          </Suspense>
        </div>
      )}
    </article>
  );
}

function EntryActions({
  entry,
  shareable,
  sharing,
  shareId,
  onToggleShare,
}: {
  entry: MyEntryDto;
  shareable: Shareable | null;
  sharing: boolean;
  shareId: string;
  onToggleShare: () => void;
}) {
  const kind = kindOf(entry);
  const { challenge } = entry;
  const again = entry.state === 'rejected' && challenge.submissionOpen;
  const change = entry.state === 'published' && (kind === 'estimate' || kind === 'goals') && challenge.submissionOpen;
  if (!shareable && !again && !change) return null;
  // Several entries have the same actions: each name says whose (it starts with the visible words).
  const named = (action: string) => `${action}: ${challenge.headline}`;
  return (
    <div
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        gap: ${theme.space(2)} ${theme.space(3)};
        align-items: center;
      `}
    >
      {shareable && (
        <>
          <ButtonLink variant="outline" to={paths.participation(challenge.id, shareable.participationId)} aria-label={named(texts.open)}>
            {texts.open}
          </ButtonLink>
          <Button
            variant="ghost"
            aria-label={named(texts.share)}
            aria-expanded={sharing}
            aria-controls={sharing ? shareId : undefined}
            onClick={onToggleShare}
          >
            <Icon name="share-outline" size="xs" color="primary-dark" />
            {texts.share}
            <svg
              aria-hidden
              viewBox="0 0 24 24"
              width="16"
              height="16"
              css={css`
                transition: transform 0.15s;
                transform: rotate(${sharing ? 180 : 0}deg);
              `}
            >
              <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </Button>
        </>
      )}
      {(again || change) && (
        <ButtonLink variant="outline" to={paths.challenges} aria-label={named(again ? texts.submitAgain : texts.change)}>
          {again ? texts.submitAgain : texts.change}
        </ButtonLink>
      )}
    </div>
  );
}
