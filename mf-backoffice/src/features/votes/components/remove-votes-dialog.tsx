import { isApiError } from '@erd/shared-contracts';
import type { RemoveEntryVotesInput, RemoveEntryVotesResultDto } from '@erd/shared-contracts/backoffice';
import { ReasonDialog } from '../../../components/reason-dialog';
import { reasonTexts } from '../../../lib/reason';
import { removeEntryVotes } from '../api/remove-entry-votes';

export const removeTexts = {
  reasonRule: reasonTexts.rule,
  failed: 'Die Stimmen konnten nicht entfernt werden. Bitte versuche es noch einmal.',
} as const;

/** What goes: votes picked one by one, all counted votes of one address, or of one minute. */
export type VoteSelection = { ids: number[] } | { ipHash: string } | { minute: string };

export type RemoveOutcome = { status: 'removed'; result: RemoveEntryVotesResultDto } | { status: 'gone' } | { status: 'unauthorized' };

/**
 * 'Stimmen entfernen': says what goes (`description`), asks for the reason (the club sees it on
 * its entry; it is kept in the audit log) and removes the votes. A refused reason or a failure
 * shows in the dialog, which stays open; Escape or 'Abbrechen' closes it without changes.
 */
export function RemoveVotesDialog({
  participationId,
  selection,
  description,
  onCancel,
  onDone,
}: {
  participationId: string;
  selection: VoteSelection;
  description: string;
  onCancel: () => void;
  onDone: (outcome: RemoveOutcome) => void;
}) {
  return (
    <ReasonDialog
      title="Stimmen entfernen"
      description={description}
      submitLabel="Stimmen entfernen"
      reasonLabel="Grund"
      hint={reasonTexts.hintShownToClub}
      rule={removeTexts.reasonRule}
      run={async (reason) => {
        const input: RemoveEntryVotesInput = { ...selection, reason };
        const result = await removeEntryVotes(participationId, input);
        onDone({ status: 'removed', result });
      }}
      onFailure={(error) => {
        if (isApiError(error) && error.status === 401) return onDone({ status: 'unauthorized' });
        if (isApiError(error) && error.status === 404) return onDone({ status: 'gone' });
        if (isApiError(error) && error.status === 400 && (error.data as { field?: string } | undefined)?.field === 'reason')
          return 'reason';
        return {
          failure:
            isApiError(error) && (error.status === 400 || error.status === 403) && error.message ? error.message : removeTexts.failed,
        };
      }}
      onCancel={onCancel}
    />
  );
}
