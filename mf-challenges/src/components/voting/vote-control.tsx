import { css, type Theme } from '@emotion/react';
import { useEffect, useRef, useState, type ReactNode, type Ref } from 'react';
import { Button, Icon } from '@erd/shared-contracts/ui';
import { VoteCount, votesLabel } from '../vote-count';
import { useVote } from './use-vote';

export const VOTE_FAILED = 'Deine Stimme konnte nicht gezählt werden. Bitte versuche es später erneut.';
export const OWN_ENTRY = 'Dein Beitrag';

/**
 * The vote of one entry while its voting window is open, the same on a gallery tile and on the entry
 * page (issue 24): 'Abstimmen' with the count, a button whose name says what it votes for; once this
 * browser voted 'Abgestimmt' with the count (the focus moves there: the button is gone); the club's own
 * entry shows 'Dein Beitrag' with the count instead of a button it could not use. The count updates in
 * place with the server's answer.
 */
export function VoteControl({
  challengeId,
  participationId,
  votes: fromContent,
  member,
  ownEntry,
  subject,
  size = 'tile',
}: {
  challengeId: string;
  participationId: string;
  votes: number | undefined;
  member: boolean;
  /** The signed-in member's club's own entry. */
  ownEntry: boolean;
  /** What the vote is for, in the button's name: 'Spruch von SV Musterdorf'. */
  subject: string;
  size?: 'tile' | 'page';
}) {
  const { votes, voted, status, vote } = useVote({ challengeId, participationId, votes: fromContent, member });
  // The button goes once the vote is in: the focus moves to the result instead of the page's start.
  const [focusResult, setFocusResult] = useState(false);
  const resultRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (focusResult && voted) resultRef.current?.focus();
  }, [focusResult, voted]);

  if (ownEntry) {
    return (
      <Row>
        <OwnEntryMark />
        <VoteCount votes={votes} />
      </Row>
    );
  }

  if (voted) {
    return (
      <Row ref={resultRef} tabIndex={-1}>
        <Mark tone="done">
          <Icon name="check-outline" size="xs" color="white" />
          Abgestimmt
        </Mark>
        <VoteCount votes={votes} />
        {/* On a tile 'Abgestimmt' shows it; the thanks are for screen readers only, the row does not jump. */}
        <span role="status" css={size === 'tile' ? srOnly : note}>
          {status === 'thanks' ? 'Danke für deine Stimme!' : ''}
        </span>
      </Row>
    );
  }

  const busy = status === 'voting';
  return (
    <Row>
      <Button
        variant="primary"
        onClick={() => {
          setFocusResult(true);
          void vote();
        }}
        disabled={busy}
        aria-busy={busy || undefined}
        aria-label={`Abstimmen: ${subject}, ${votesLabel(votes)}`}
        css={(theme: Theme) => css`
          gap: ${theme.space(2)};
          font-variant-numeric: tabular-nums;
          ${size === 'tile' ? `min-height: 44px; padding: ${theme.space(2)} ${theme.space(3)}; font-size: 0.875rem;` : ''}
        `}
      >
        <Icon name="thumbs-up" size="sm" color="primary-dark" />
        Abstimmen
        <span
          css={(theme: Theme) => css`
            min-width: 1.75em;
            padding: 0 ${theme.space(1.5)};
            border-radius: 999px;
            background: ${theme.colors.primaryDark};
            color: ${theme.colors.white};
            font-size: 0.875em;
            line-height: 1.6;
            text-align: center;
          `}
        >
          {votes}
        </span>
      </Button>
      <span role="status" css={note}>
        {busy ? 'Stimme wird gezählt …' : ''}
      </span>
      {status === 'failed' && (
        <p
          role="alert"
          css={(theme: Theme) => css`
            flex-basis: 100%;
            margin: 0;
            font-size: 0.875rem;
            font-weight: 700;
            text-align: right;
            color: ${theme.colors.error};
          `}
        >
          {VOTE_FAILED}
        </p>
      )}
    </Row>
  );
}

const note = (theme: Theme) => css`
  font-size: 0.875rem;
  font-weight: 700;
  color: ${theme.colors.success};
  &:empty {
    display: none;
  }
`;

const srOnly = css`
  position: absolute;
  width: 1px;
  height: 1px;
  overflow: hidden;
  clip-path: inset(50%);
  white-space: nowrap;
`;

/** 'Dein Beitrag': the signed-in club's own entry, wherever it is listed. */
export const OwnEntryMark = () => <Mark tone="own">{OWN_ENTRY}</Mark>;

/** A small label: 'Dein Beitrag' (the club's colours) or 'Abgestimmt' (done, green). */
function Mark({ tone, children }: { tone: 'own' | 'done'; children: ReactNode }) {
  return (
    <span
      css={(theme: Theme) => css`
        display: inline-flex;
        align-items: center;
        gap: ${theme.space(1.5)};
        padding: ${theme.space(1)} ${theme.space(2.5)};
        border-radius: 999px;
        font-size: 0.8125rem;
        font-weight: 800;
        text-transform: uppercase;
        letter-spacing: 0.04em;
        white-space: nowrap;
        background: ${tone === 'done' ? theme.colors.success : theme.colors.primary};
        color: ${tone === 'done' ? theme.colors.white : theme.colors.primaryDark};
      `}
    >
      {children}
    </span>
  );
}

function Row({ children, ref, tabIndex }: { children: ReactNode; ref?: Ref<HTMLDivElement>; tabIndex?: number }) {
  return (
    <div
      ref={ref}
      tabIndex={tabIndex}
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        justify-content: flex-end;
        gap: ${theme.space(2)} ${theme.space(3)};
        &:focus {
          outline: none;
        }
      `}
    >
      {children}
    </div>
  );
}
