/** Browser storage keys (spec §9). */
export const storageKeys = {
  session: 'bfv-erd-session',
  redirectAfterLogin: 'bfv-erd-redirectAfterLogin',
  ageConsent: 'bfv-age-consent',
  votePrefix: 'bfv-vote-',
  confirmEmail: 'bfv-erd-confirm-email',
  resetEmail: 'bfv-erd-reset-email',
  /** sessionStorage: the share channel (`?via=`) this browser session came in through (issue 23), sent with votes. */
  shareVia: 'bfv-erd-share-via',
} as const;

export interface AgeConsentRecord {
  over18: 'approved' | 'denied';
  timestamp: number;
}
