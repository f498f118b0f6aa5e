/**
 * Moderation in the back office (issue 8): the Werberat checklist stored with each decision, decisions on several entries at once, looking up an entry by its id (the id a 'Melden' e-mail carries).
 */

export {};
