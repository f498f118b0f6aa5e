import type { AuditAction, AuditSubjectType } from '@erd/shared-contracts/wire';
import type { Db } from '../../db/client.js';
import { moderationLog } from '../../db/schema/index.js';

/** Queries of the audit log (`moderation_log`): append, never change. */

export interface NewAuditRow {
  action: AuditAction;
  operatorId: string | null;
  actor: string;
  subjectType: AuditSubjectType;
  subjectId: string;
  participationId?: string | null;
  challengeId?: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  at: Date;
}

export async function insertEntry(db: Db, row: NewAuditRow): Promise<void> {
  await db.insert(moderationLog).values({ participationId: null, challengeId: null, ...row });
}
