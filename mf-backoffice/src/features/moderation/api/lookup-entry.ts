import { moderationAdminPaths, type ModerationLookupDto } from '@erd/shared-contracts/backoffice';
import { apiGet } from '../../../api/http';

/** GET /api/operator/moderation/entries/{id}: the entry in any state with its decisions from the audit log; 404 when nobody knows the id. */
export async function lookupEntry(participationId: string): Promise<ModerationLookupDto> {
  return apiGet<ModerationLookupDto>(moderationAdminPaths.entry(participationId));
}
