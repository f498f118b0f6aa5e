import { eq, sql } from 'drizzle-orm';
import { ACCOUNT_NOTIFICATION_KINDS, type AccountNotificationKind } from '@erd/shared-contracts/wire';
import type { NotificationSettingsDto } from '@erd/shared-contracts/schemas';
import type { AppContext, ServiceCall } from '../../context.js';
import { profiles, type NotificationKind } from '../../db/schema/index.js';
import { NotFoundError } from '../../errors.js';
import { readAccountUnsubscribeToken } from '../notifications/tokens.js';

/**
 * A club account's switches of its notification kinds (issue 25), stored as the kinds switched off
 * (`profiles.notifications_off`; all on by default): read and written from 'Benachrichtigungen' on
 * the profile, and switched off (and on again) by the one-click link of a mail without signing in.
 * Neither touches the profile's `updated_at`: the profile form's optimistic check stays current.
 */

type Ctx = Pick<AppContext, 'db'>;

const NO_PROFILE = 'Zu diesem Konto gibt es kein Profil.';

function toDto(stored: readonly string[] | string | null): NotificationSettingsDto {
  // node-postgres and drizzle give an array; be safe with the literal '{a,b}' all the same.
  const off = Array.isArray(stored)
    ? stored
    : String(stored ?? '')
        .replace(/^\{|\}$/g, '')
        .split(',');
  return Object.fromEntries(ACCOUNT_NOTIFICATION_KINDS.map((kind) => [kind, !off.includes(kind)])) as NotificationSettingsDto;
}

/** GET /api/me/notifications */
export async function getNotificationSettings({ ctx, input }: { ctx: Ctx; input: { sub: string } }): Promise<NotificationSettingsDto> {
  const [row] = await ctx.db.select({ off: profiles.notificationsOff }).from(profiles).where(eq(profiles.sub, input.sub));
  if (!row) throw new NotFoundError(NO_PROFILE);
  return toDto(row.off);
}

/** PUT /api/me/notifications: every switch at once; answers what is stored. */
export async function updateNotificationSettings({
  ctx,
  input,
}: ServiceCall<Ctx, { sub: string; settings: NotificationSettingsDto }>): Promise<NotificationSettingsDto> {
  const off: NotificationKind[] = ACCOUNT_NOTIFICATION_KINDS.filter((kind) => !input.settings[kind]);
  const [row] = await ctx.db
    .update(profiles)
    .set({ notificationsOff: off })
    .where(eq(profiles.sub, input.sub))
    .returning({ off: profiles.notificationsOff });
  if (!row) throw new NotFoundError(NO_PROFILE);
  return toDto(row.off);
}

export type UnsubscribeOutcome = { ok: false } | { ok: true; kind: AccountNotificationKind };

/**
 * The mail's one-click link: switches the token's kind off for the token's account (`on`: on again,
 * the page's 'Wieder einschalten'). A forged or altered token changes nothing ({ ok: false }); a
 * valid token of an account deleted meanwhile answers like any valid one and changes nothing
 * (the answer never tells whether an account exists).
 */
export async function switchByToken({
  ctx,
  input,
}: ServiceCall<Ctx & Pick<AppContext, 'secret'>, { token: unknown; on: boolean }>): Promise<UnsubscribeOutcome> {
  const read = readAccountUnsubscribeToken(ctx.secret, input.token);
  if (!read) return { ok: false };
  const { sub, kind } = read;
  await ctx.db
    .update(profiles)
    .set({
      notificationsOff: (input.on
        ? sql`array_remove(${profiles.notificationsOff}, ${kind}::text)`
        : sql`CASE WHEN ${kind}::text = ANY(${profiles.notificationsOff}) THEN ${profiles.notificationsOff} ELSE array_append(${profiles.notificationsOff}, ${kind}::text) END`) as never,
    })
    .where(eq(profiles.sub, sub));
  return { ok: true, kind };
}
