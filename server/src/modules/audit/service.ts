import os from 'node:os';
import type { OperatorRole } from '@erd/shared-contracts/wire';
import type { Db } from '../../db/client.js';
import { ValidationError } from '../../errors.js';
import { isPlainText } from '../../lib/text.js';
import * as repo from './repository.js';

/**
 * The audit log (decisions §7): every operator write is a row of `moderation_log`, written in the
 * same transaction as the write.
 */

/** Who acts: an operator of the API (with the role of its session), or the command line. */
export interface Actor {
  operatorId: string | null;
  /** The operator's e-mail, or `cli:<user>`. */
  name: string;
  /** The operator's role; the command line acts with every right (`admin`). */
  role?: OperatorRole;
}

/** The command line as actor: `cli:<user>`, with every right (whoever runs it can read the database). */
export function cliActor(): Actor {
  let user = 'unknown';
  try {
    user = os.userInfo().username || user;
  } catch {
    // No passwd entry (some containers): the actor is still the command line.
  }
  return { operatorId: null, name: `cli:${user}`, role: 'admin' };
}

const REASON_MAX_LENGTH = 500;
const REASON_MESSAGE = `Gib einen Grund an (3 bis ${REASON_MAX_LENGTH} Zeichen).`;

/** An operator's reason: 3 to 500 characters of plain text (trimmed), or null where none is required. */
export function reasonOf(value: unknown, required: boolean, message: string = REASON_MESSAGE): string | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new ValidationError(message, { field: 'reason' });
    return null;
  }
  if (typeof value !== 'string') throw new ValidationError(message, { field: 'reason' });
  const reason = value.trim();
  if (reason.length < 3 || reason.length > REASON_MAX_LENGTH || !isPlainText(reason)) throw new ValidationError(message, { field: 'reason' });
  return reason;
}

/** Appends one row (call it inside the write's transaction). */
export async function appendAudit(db: Db, row: repo.NewAuditRow): Promise<void> {
  await repo.insertEntry(db, row);
}
