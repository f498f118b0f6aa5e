import { sql } from 'drizzle-orm';
import { pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamptz, timestamps, reference } from '../columns.js';
import type { NotificationKind } from './notifications.js';
import { clubs } from './clubs.js';

/**
 * A member's profile (spec §3 User fields). One account per club entry (decisions §3): the unique
 * index on `club_id` decides between concurrent registrations. `sub` is the identity user's sub in
 * the built-in service or in a Cognito pool (IDENTITY_PROVIDER), so there is no foreign key: the
 * code that deletes an identity user deletes the profile in the same transaction (decisions §3: the
 * person's data goes at once; the club's entries stay).
 */
export const profiles = pgTable(
  'profiles',
  {
    sub: text('sub').primaryKey(),
    clubId: reference('club_id', () => clubs.id, 'restrict'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    street: text('street').notNull(),
    city: text('city').notNull(),
    phone: text('phone'),
    /**
     * Issue 25: the account's address for its notifications, written at sign-up (the identity
     * provider keeps its own copy; a Cognito pool is not asked for every mail), and when it was
     * confirmed: only confirmed accounts get notifications.
     */
    email: text('email'),
    emailConfirmedAt: timestamptz('email_confirmed_at'),
    /** The kinds of notification the account switched off ('Benachrichtigungen'); all are on by default. */
    notificationsOff: text('notifications_off')
      .array()
      .$type<NotificationKind[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps(),
  },
  (t) => [uniqueIndex('profiles_club_id_idx').on(t.clubId)],
);

export type ProfileRow = typeof profiles.$inferSelect;
