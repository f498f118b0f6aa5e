import { css, type Theme } from '@emotion/react';
import { type FormEvent, useRef, useState } from 'react';
import { Link, useParams } from '@erd/shared-contracts';
import { votesAdminScreens } from '@erd/shared-contracts/backoffice';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Spinner } from '@erd/shared-contracts/ui';
import { PasswordChangeRequired } from '../../../components/password-change-required';
import { ScreenHeader } from '../../../components/screen';
import { LoadState, useOperatorData } from '../../../kit';
import { getVoteEntry } from '../api/get-vote-entry';
import { listEntryVotes, VOTE_RECORD_PAGE_SIZE } from '../api/list-entry-votes';
import { clubOf, entrySummary, votesLabel } from './format';
import { RemoveVotesDialog, type RemoveOutcome } from './remove-votes-dialog';
import { useOperatorSession } from '../../../lib/operator-session';
import { VoteEntryAnalysis, type VotePick } from './vote-entry-analysis';
import { heading } from './vote-entry-styles';
import { VoteEntrySummary } from './vote-entry-summary';
import { voteEntryTexts } from './vote-entry-texts';
import { type VoteDraft, type VoteFilter, VoteRecordFilter, VoteRecords } from './vote-records';
import { spaceAbove } from '../../../components/layout-styles';

export { voteEntryTexts };

/**
 * The review of one entry's votes: the counts, the removals with their reasons, the votes per hour,
 * the addresses (hashed, shortened) with their votes, the minutes with a burst, and the vote
 * records filtered by address, minute and state and paged on the server. Votes picked one by one,
 * all counted votes of an address or of a minute go with 'Stimmen entfernen' and a reason; the
 * count on the screen follows at once.
 */
export function VoteEntryScreen() {
  const { participationId = '' } = useParams();
  const { signedOut } = useOperatorSession();
  const [filter, setFilter] = useState<VoteFilter>({ ipHash: '', minute: '', state: 'all', from: 0 });
  const [draft, setDraft] = useState<VoteDraft>({ ipHash: '', state: 'all' });
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<VotePick | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  /** The entry went away while the operator removed votes. */
  const [gone, setGone] = useState(false);
  const votesHeading = useRef<HTMLHeadingElement>(null);

  const detail = useOperatorData(participationId, () => getVoteEntry(participationId), { keepPrevious: true, notFound: true });
  const votes = useOperatorData(
    [participationId, filter],
    () => listEntryVotes(participationId, { ...filter, size: VOTE_RECORD_PAGE_SIZE }),
    {
      keepPrevious: true,
      passwordChange: false,
      onAnswer: () => setSelected(new Set()),
    },
  );

  const showVotes = (next: Partial<VoteFilter>) => {
    const merged = { ...filter, ipHash: '', minute: '', from: 0, ...next };
    setDraft({ ipHash: merged.ipHash, state: merged.state });
    setFilter(merged);
    votesHeading.current?.focus();
  };

  const onFilter = (event: FormEvent) => {
    event.preventDefault();
    setFilter({ ...filter, ipHash: draft.ipHash.trim(), state: draft.state, from: 0 });
  };

  const onRemoved = (outcome: RemoveOutcome) => {
    setPending(null);
    if (outcome.status === 'unauthorized') {
      signedOut('expired');
      return;
    }
    if (outcome.status === 'gone') {
      setGone(true);
      return;
    }
    const { removed, votes: count } = outcome.result;
    setNotice(
      removed === 0
        ? 'Es wurde keine Stimme entfernt: Die ausgewählten Stimmen waren schon entfernt.'
        : `${votesLabel(removed)} entfernt. Jetzt zählen ${votesLabel(count)}.`,
    );
    // The count follows at once; the rest of the screen is read again.
    detail.update((current) => ({ ...current, entry: { ...current.entry, votes: count } }));
    detail.reload();
    votes.reload();
  };

  if (detail.status === 'loading' && !gone) return <Spinner label={voteEntryTexts.loading} />;
  if (detail.status !== 'ready' || gone) {
    return (
      <section aria-labelledby="vote-entry-title">
        <ScreenHeader title="Stimmen prüfen" titleId="vote-entry-title" />
        {detail.status === 'password' && !gone ? (
          <PasswordChangeRequired />
        ) : (
          <LoadState
            state={gone ? { status: 'notFound', error: null } : detail}
            loading={voteEntryTexts.loading}
            failed={voteEntryTexts.loadFailed}
            notFound={voteEntryTexts.gone}
            extra={
              <p>
                <Link to={votesAdminScreens.list}>Zurück zu den Stimmen</Link>
              </p>
            }
          />
        )}
      </section>
    );
  }

  const d = detail.data;
  const entry = d.entry;
  const club = clubOf(entry);

  return (
    <section aria-labelledby="vote-entry-title">
      <p
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(3)};
        `}
      >
        <Link to={votesAdminScreens.list}>← Alle Beiträge</Link>
      </p>
      <ScreenHeader title={`Stimmen: ${club}`} titleId="vote-entry-title" intro={`${entry.challengeHeadline} – ${entrySummary(entry)}`} />

      <VoteEntrySummary detail={d} />

      <div role="status" aria-live="polite">
        {notice && (
          <div css={spaceAbove(4)}>
            <FormMessage tone="success">{notice}</FormMessage>
          </div>
        )}
      </div>

      <VoteEntryAnalysis detail={d} showVotes={showVotes} setPending={setPending} />

      <h2 css={heading} ref={votesHeading} tabIndex={-1}>
        Einzelne Stimmen
      </h2>
      <VoteRecordFilter draft={draft} setDraft={setDraft} filter={filter} setFilter={setFilter} onFilter={onFilter} />

      <LoadState state={votes} loading={voteEntryTexts.votesLoading} failed={voteEntryTexts.loadFailed}>
        {(page) => (
          <VoteRecords
            page={page}
            filter={filter}
            setFilter={setFilter}
            selected={selected}
            setSelected={setSelected}
            setPending={setPending}
          />
        )}
      </LoadState>

      {pending && (
        <RemoveVotesDialog
          participationId={entry.participationId}
          selection={pending.selection}
          description={`${pending.description} ${club} sieht bei seinem Beitrag, dass Stimmen entfernt wurden, und den Grund.`}
          onCancel={() => setPending(null)}
          onDone={onRemoved}
        />
      )}
    </section>
  );
}
