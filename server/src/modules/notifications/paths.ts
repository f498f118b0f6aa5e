/** The public paths of issue 25's links (in mails, so they never change once sent). */
export const NOTIFICATIONS_PUBLIC_PATH = '/api/public/notifications';
/** One-click unsubscribe of a club account's kind (GET: page and undo; POST: RFC 8058 one-click). */
export const ACCOUNT_UNSUBSCRIBE_PATH = `${NOTIFICATIONS_PUBLIC_PATH}/unsubscribe`;
/** 'Mein Verein': sign-up, confirmation and unsubscribe of a club's fans. */
export const CLUB_FANS_PUBLIC_PATH = '/api/public/club-fans';
export const CLUB_FAN_CONFIRM_PATH = `${CLUB_FANS_PUBLIC_PATH}/confirm`;
export const CLUB_FAN_UNSUBSCRIBE_PATH = `${CLUB_FANS_PUBLIC_PATH}/unsubscribe`;
