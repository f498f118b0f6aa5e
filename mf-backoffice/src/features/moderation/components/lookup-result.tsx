import { css, type Theme } from '@emotion/react';
import type { RefObject } from 'react';
import { type ModerationLookupDto } from '@erd/shared-contracts/backoffice';
import { Button } from '@erd/shared-contracts/ui';
import { factList } from '../../../components/fact-list';
import { clubLabel, entryKind, formatDateTime } from '../../../lib/format';
import { previewUrl } from '../../../lib/media';
import { DecisionDialog, type DecisionOutcome } from './decision-dialog';
import { LookupHistory } from './lookup-history';
import { lookupTexts } from './lookup-texts';
import { EMPTY_CHECKLIST } from './werberat-checklist';

const STATE_LABELS: Record<ModerationLookupDto['state'], string> = {
  pending: 'Wartet auf Prüfung',
  published: 'Freigegeben (öffentlich)',
  rejected: 'Abgelehnt (gelöscht)',
  unknown: 'Nicht mehr vorhanden',
};

/** What 'Beitrag nachschlagen' found: the entry, its state, 'Zurückziehen' while published, and its history. */
export function LookupResult({
  found,
  resultHeading,
  challengeTitle,
  notice,
  withdrawing,
  setWithdrawing,
  withdrawDone,
}: {
  found: ModerationLookupDto;
  resultHeading: RefObject<HTMLHeadingElement | null>;
  challengeTitle: (challengeId: string) => string;
  notice: string | null;
  withdrawing: boolean;
  setWithdrawing: (on: boolean) => void;
  withdrawDone: (outcome: DecisionOutcome) => Promise<void>;
}) {
  const entry = found.entry ?? null;
  const preview = entry ? previewUrl(entry.image) : null;
  return (
    <div
      css={(theme: Theme) => css`
        margin-top: ${theme.space(5)};
        border-top: 1px solid ${theme.colors.border};
        padding-top: ${theme.space(4)};
      `}
    >
      <h3
        ref={resultHeading}
        tabIndex={-1}
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(3)};
          font-size: 1.0625rem;
          overflow-wrap: anywhere;
        `}
      >
        Beitrag {found.id}: {STATE_LABELS[found.state]}
      </h3>
      {entry && (
        <dl
          css={(theme: Theme) => css`
            ${factList(theme)};
            margin-bottom: ${theme.space(4)};
          `}
        >
          <dt>Verein</dt>
          <dd>
            {clubLabel(entry.club)}, Nr. {entry.club.clubnumber}
          </dd>
          <dt>Challenge</dt>
          <dd>{challengeTitle(entry.challengeId)}</dd>
          <dt>Eingereicht</dt>
          <dd>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </dd>
          <dt>{entryKind(entry)}</dt>
          <dd>
            {entryKind(entry) === 'Bild' ? (
              found.state === 'rejected' ? (
                'Das Bild wurde mit der Ablehnung gelöscht.'
              ) : preview ? (
                <img
                  src={preview}
                  alt={`Bild von ${clubLabel(entry.club)}`}
                  css={css`
                    display: block;
                    max-width: 100%;
                    max-height: 320px;
                  `}
                />
              ) : (
                'Zu diesem Bild gibt es keine Datei mehr.'
              )
            ) : (
              <span
                css={css`
                  white-space: pre-wrap;
                `}
              >
                {entry.slogan ?? ''}
              </span>
            )}
          </dd>
        </dl>
      )}
      {notice && (
        <p
          role="status"
          css={(theme: Theme) => css`
            margin: 0 0 ${theme.space(4)};
            font-weight: 700;
          `}
        >
          {notice}
        </p>
      )}
      {found.state === 'published' && entry && (
        <div
          css={(theme: Theme) => css`
            margin: 0 0 ${theme.space(4)};
          `}
        >
          <Button variant="secondary" onClick={() => setWithdrawing(true)} aria-describedby="entry-lookup-withdraw-hint">
            {lookupTexts.withdraw}
          </Button>
          <p
            id="entry-lookup-withdraw-hint"
            css={(theme: Theme) => css`
              margin: ${theme.space(2)} 0 0;
              font-size: 0.875rem;
            `}
          >
            {lookupTexts.withdrawHint}
          </p>
        </div>
      )}
      {withdrawing && entry && (
        <DecisionDialog
          decision="withdraw"
          entries={[entry]}
          initialChecklist={EMPTY_CHECKLIST}
          onCancel={() => setWithdrawing(false)}
          onDone={(outcome) => void withdrawDone(outcome)}
        />
      )}
      <LookupHistory found={found} />
    </div>
  );
}
