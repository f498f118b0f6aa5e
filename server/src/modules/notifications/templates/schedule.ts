/** The schedule notification mails (issue 25). */
export const SCHEDULE_TEMPLATES = {} as const;
