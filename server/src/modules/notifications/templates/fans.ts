/** The fans notification mails (issue 25). */
export const FAN_TEMPLATES = {} as const;
