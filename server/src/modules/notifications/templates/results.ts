/** The results notification mails (issue 25). */
export const RESULT_TEMPLATES = {} as const;
