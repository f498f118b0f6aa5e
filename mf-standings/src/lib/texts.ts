/** Texts the spec gives character for character (spec §2 Standings), shared by the table and the embed widget. */
export const EMPTY_STANDINGS_TITLE = 'Noch ist es still...';
export const EMPTY_STANDINGS_TEXT = 'Pssst! Komm wieder wenn die ersten Punkte vergeben wurden!';
export const OVERALL_TITLE = 'Gesamttabelle';
export const TO_OVERALL = 'Zur Gesamttabelle';
/** The empty states' next step (issue 24), as the 404 screen words it. */
export const TO_CHALLENGES = 'Zu den Challenges';
