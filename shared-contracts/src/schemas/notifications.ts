import { z } from 'zod';

/**
 * 'Benachrichtigungen' on the profile (issue 25): `GET /api/me/notifications` and
 * `PUT /api/me/notifications` (member, never cached), one switch per kind of mail a club account
 * gets (`ACCOUNT_NOTIFICATION_KINDS` of the wire entry; labels in `NOTIFICATION_KIND_TEXTS`). All
 * are on by default; codes and security mails are no kind: they always go. The PUT takes every
 * switch and answers the stored state.
 */
export const notificationSettingsSchema = z.strictObject({
  challenges: z.boolean(),
  entries: z.boolean(),
  results: z.boolean(),
  messages: z.boolean(),
});
export type NotificationSettingsDto = z.infer<typeof notificationSettingsSchema>;

/**
 * `?token=…&undo=1` of a notification mail's unsubscribe link (GET: the link; POST: RFC 8058's
 * one-click, or with `undo=1` the page's 'Wieder einschalten'). A refused token is the 400 page.
 */
export const notificationUnsubscribeQuerySchema = z.object({
  token: z.string().max(400).optional(),
  undo: z.string().max(8).optional(),
});
