import { moderationAdminPaths, type ModerationDecisionInput, type ModerationDecisionResultDto } from '@erd/shared-contracts/backoffice';
import { apiPost } from '../../../api/http';

/**
 * POST /api/operator/moderation/decisions: publish or reject one or several pending entries with
 * the Werberat checklist (and a reason to reject). The answer says per entry what happened
 * (`published`, `rejected`, `already-decided` by someone else, `not-found`). 400 `ValidationError`
 * with `field` (`checklist`, `reason`, `ids`) for what the server refuses.
 */
export async function decide(input: ModerationDecisionInput): Promise<ModerationDecisionResultDto> {
  return apiPost<ModerationDecisionResultDto>(moderationAdminPaths.decisions, input);
}
