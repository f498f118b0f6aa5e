/**
 * The limits of the 'Verein nicht gefunden?' form (issue 24), zod-free: the schema
 * (`clubRequestInputSchema` in `schemas/club-signup.ts`, which re-exports them) checks them and the
 * screen's `maxLength` uses the same figures (through `@erd/shared-contracts/text-rules`).
 */
export const CLUB_REQUEST_LIMITS = { clubName: 120, clubNumber: 12, email: 254, note: 1000 } as const;
