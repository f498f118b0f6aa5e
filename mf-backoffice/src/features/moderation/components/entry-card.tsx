import { css, type Theme } from '@emotion/react';
import { type Ref, useId } from 'react';
import type { OperatorParticipationDto } from '@erd/shared-contracts';
import type { WerberatChecklistDto } from '@erd/shared-contracts/backoffice';
import { Button, VisuallyHidden } from '@erd/shared-contracts/ui';
import { clubLabel, entryKind, entryPhrase, formatDateTime } from '../../../lib/format';
import { WerberatChecklist } from './werberat-checklist';

import { EntryContent } from './entry-content';
import { factList } from '../../../components/fact-list';
import { buttonRow } from '../../../components/form-styles';
import { selectBox, selectLabel } from './selection-styles';
export interface EntryCardProps {
  entry: OperatorParticipationDto;
  /** The challenge's headline (its id while the season's data is not there). */
  challengeTitle: string;
  /** A publication of this entry is under way. */
  publishing: boolean;
  /** What went wrong with the last action on this entry, shown next to its buttons. */
  error: string | null;
  onPublish: () => void;
  onReject: () => void;
  /** The heading, so the queue can move the focus here after an action. */
  headingRef?: Ref<HTMLHeadingElement>;
  /** The Werberat checklist as ticked for this entry. */
  checklist: WerberatChecklistDto;
  onChecklistChange: (next: WerberatChecklistDto) => void;
  /** Why 'Freigeben' was refused (the checklist is incomplete). */
  checklistError: string | null;
  checklistFirstRef?: Ref<HTMLInputElement>;
  /** Chosen for 'Ausgewählte freigeben/ablehnen'. */
  selected: boolean;
  onSelectedChange: (selected: boolean) => void;
  /** The entry the keyboard shortcuts act on. */
  current: boolean;
  /** The focus moved into this entry (it becomes the current one). */
  onFocusWithin: () => void;
}

/**
 * One entry waiting for review: the picture large (or the slogan as plain text), the club, the
 * challenge and when it came in, and 'Freigeben' / 'Ablehnen'. The buttons' accessible names say
 * which entry they act on.
 */
export function EntryCard({
  entry,
  challengeTitle,
  publishing,
  error,
  onPublish,
  onReject,
  headingRef,
  checklist,
  onChecklistChange,
  checklistError,
  checklistFirstRef,
  selected,
  onSelectedChange,
  current,
  onFocusWithin,
}: EntryCardProps) {
  const headingId = useId();
  const errorId = useId();
  const kind = entryKind(entry);
  const club = clubLabel(entry.club);

  return (
    <article
      aria-labelledby={headingId}
      aria-current={current ? 'true' : undefined}
      onFocus={onFocusWithin}
      css={(theme: Theme) => css`
        display: grid;
        grid-template-columns: minmax(0, 1fr);
        grid-template-areas: 'heading' 'content' 'details';
        gap: ${theme.space(4)};
        padding: ${theme.space(5)};
        background: ${theme.colors.surface};
        border: 1px solid ${theme.colors.border};
        border-radius: ${theme.radius};
        &[aria-current='true'] {
          border-color: ${theme.colors.primaryDark};
          box-shadow: 0 0 0 2px ${theme.colors.primaryDark};
        }
        ${theme.mq.md} {
          grid-template-columns: minmax(0, 2fr) minmax(320px, 1fr);
          grid-template-rows: auto 1fr;
          grid-template-areas: 'content heading' 'content details';
          gap: ${theme.space(4)} ${theme.space(8)};
          padding: ${theme.space(6)};
        }
      `}
    >
      <h3
        id={headingId}
        ref={headingRef}
        tabIndex={-1}
        css={(theme: Theme) => css`
          grid-area: heading;
          margin: 0;
          font-family: ${theme.fonts.headline};
          font-size: 1.5rem;
          line-height: 1.2;
          color: ${theme.colors.primaryDark};
          overflow-wrap: anywhere;
        `}
      >
        {club}
      </h3>

      <div
        css={css`
          grid-area: content;
          min-width: 0;
        `}
      >
        <EntryContent entry={entry} />
      </div>

      <div
        css={(theme: Theme) => css`
          grid-area: details;
          display: flex;
          flex-direction: column;
          align-items: flex-start;
          gap: ${theme.space(5)};
          min-width: 0;
        `}
      >
        <dl css={(theme: Theme) => factList(theme)}>
          <dt>Art</dt>
          <dd>{kind}</dd>
          <dt>Challenge</dt>
          <dd>{challengeTitle}</dd>
          <dt>Eingereicht</dt>
          <dd>
            <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
          </dd>
          <dt>Vereinsnummer</dt>
          <dd>{entry.club.clubnumber}</dd>
          <dt>ID</dt>
          <dd>
            <code
              css={css`
                word-break: break-all;
              `}
            >
              {entry.id}
            </code>
          </dd>
        </dl>
        <WerberatChecklist
          value={checklist}
          onChange={onChecklistChange}
          error={checklistError}
          shortcuts={current}
          firstRef={checklistFirstRef}
          compact
        />
        <label css={selectLabel}>
          <input
            type="checkbox"
            checked={selected}
            onChange={(event) => onSelectedChange(event.target.checked)}
            aria-keyshortcuts={current ? 'x' : undefined}
            css={(theme: Theme) => css`
              ${selectBox};
              accent-color: ${theme.colors.primaryDark};
            `}
          />
          Auswählen<VisuallyHidden> – {entryPhrase(entry, false)}</VisuallyHidden>
        </label>
        <div css={buttonRow}>
          <Button
            onClick={onPublish}
            disabled={publishing}
            aria-busy={publishing || undefined}
            aria-describedby={error ? errorId : undefined}
            aria-keyshortcuts={current ? 'f' : undefined}
          >
            Freigeben<VisuallyHidden> – {entryPhrase(entry, false)}</VisuallyHidden>
          </Button>
          <Button
            variant="outline"
            onClick={onReject}
            disabled={publishing}
            aria-describedby={error ? errorId : undefined}
            aria-keyshortcuts={current ? 'a' : undefined}
          >
            Ablehnen<VisuallyHidden> – {entryPhrase(entry, false)}</VisuallyHidden>
          </Button>
        </div>
        {error && (
          <p
            id={errorId}
            role="alert"
            css={(theme: Theme) => css`
              margin: 0;
              padding: ${theme.space(3)} ${theme.space(4)};
              border-left: 4px solid ${theme.colors.error};
              border-radius: ${theme.radius};
              background: #fbeceb;
              overflow-wrap: anywhere;
            `}
          >
            {error}
          </p>
        )}
      </div>
    </article>
  );
}
