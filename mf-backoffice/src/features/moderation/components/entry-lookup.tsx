import { css, type Theme } from '@emotion/react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { isApiError } from '@erd/shared-contracts';
import { type ModerationLookupDto } from '@erd/shared-contracts/backoffice';
import { TextField } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { Panel } from '../../../components/screen';
import { useOperatorSession } from '../../../lib/operator-session';
import { lookupEntry } from '../api/lookup-entry';
import { type DecisionOutcome } from './decision-dialog';

import { LookupResult } from './lookup-result';
import { lookupTexts } from './lookup-texts';
import { cluster } from '../../../components/layout-styles';
export { lookupTexts };

export function idFromInput(value: string): string {
  const trimmed = value.trim().replace(/^beitrags-id:\s*/i, '');
  if (!trimmed.includes('/')) return trimmed;
  const path = trimmed.split(/[?#]/)[0]!;
  return path.split('/').filter(Boolean).pop() ?? '';
}

/**
 * 'Beitrag nachschlagen': the id from a 'Melden' e-mail (or the entry's link) → the entry in any
 * state (a rejected one as the log recorded it) and its decisions: when, what, who, the reason and
 * the Werberat checklist. An unknown id gets a German message at the field.
 */
export function EntryLookup({ challengeTitle }: { challengeTitle: (challengeId: string) => string }) {
  const { signedOut } = useOperatorSession();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(false);
  const [found, setFound] = useState<ModerationLookupDto | null>(null);
  const [withdrawing, setWithdrawing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  // Counts the results shown: each new one takes the focus once it is on the page (after React's commit,
  // not in the next frame, which may come before it under load).
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) resultHeading.current?.focus();
  }, [shown]);
  const field = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  const titleId = useId();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailed(false);
    const id = idFromInput(value);
    if (!id) {
      setError(lookupTexts.empty);
      setFound(null);
      field.current?.focus();
      return;
    }
    setError(null);
    setNotice(null);
    setLoading(true);
    try {
      const result = await lookupEntry(id);
      setFound(result);
      setShown((n) => n + 1);
    } catch (failure) {
      setFound(null);
      if (isApiError(failure) && failure.status === 401) signedOut('expired');
      else if (isApiError(failure) && (failure.status === 404 || failure.status === 400)) {
        setError(lookupTexts.unknown);
        field.current?.focus();
      } else setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  /** After 'Zurückziehen': the entry's state from the server again, and what happened. */
  const withdrawDone = async (outcome: DecisionOutcome) => {
    setWithdrawing(false);
    if (outcome.status === 'unauthorized') return signedOut('expired');
    const item = outcome.result.items[0];
    setNotice(item?.outcome === 'withdrawn' ? lookupTexts.withdrawn : lookupTexts.alreadyGone);
    if (!found) return;
    try {
      setFound(await lookupEntry(found.id));
      setShown((n) => n + 1);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Panel as="section" aria-labelledby={titleId}>
      <h2
        id={titleId}
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(3)};
          font-size: 1.125rem;
        `}
      >
        {lookupTexts.title}
      </h2>
      <form
        noValidate
        role="search"
        aria-labelledby={titleId}
        onSubmit={(event) => void onSubmit(event)}
        css={[
          cluster(3, { align: 'flex-start' }),
          css`
            & > div:first-of-type {
              flex: 1 1 18rem;
              min-width: 0;
            }
            button {
              margin-top: 1.9rem;
            }
          `,
        ]}
      >
        <TextField
          ref={field}
          label={lookupTexts.label}
          hint={lookupTexts.hint}
          name="participationId"
          autoComplete="off"
          spellCheck={false}
          maxLength={400}
          value={value}
          onChange={(event) => setValue(event.target.value)}
          error={error}
        />
        <Button type="submit" variant="secondary" disabled={loading} aria-busy={loading || undefined}>
          Nachschlagen
        </Button>
      </form>
      {failed && (
        <p
          role="alert"
          css={(theme: Theme) => css`
            margin: ${theme.space(3)} 0 0;
          `}
        >
          {lookupTexts.failed}
        </p>
      )}
      {found && (
        <LookupResult
          found={found}
          resultHeading={resultHeading}
          challengeTitle={challengeTitle}
          notice={notice}
          withdrawing={withdrawing}
          setWithdrawing={setWithdrawing}
          withdrawDone={withdrawDone}
        />
      )}
    </Panel>
  );
}
