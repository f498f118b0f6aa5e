/** The form of an e-mail address the identity service and the accounts API key on. */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase();
