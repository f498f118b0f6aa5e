/** The messages notification mails (issue 25). */
export const MESSAGE_TEMPLATES = {} as const;
