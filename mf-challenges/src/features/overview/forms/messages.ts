/** The German texts of spec §5/§8 for the participation forms, character for character. */
export const messages = {
  estimateRequired: 'Gib eine Schätzung ein',
  estimateNumber: 'Die Schätzung muss eine Zahl sein',
  estimateSaved: 'Deine Schätzung wurde gespeichert.',
  sloganRequired: 'Gib einen Spruch ein',
  sloganTooLong: 'Der Spruch darf maximal 200 Zeichen lang sein',
  sloganPending: 'Dein Spruch wird in Kürze freigeschaltet.',
  pictureRequired: 'Wähle zuerst ein Bild aus',
  picturePending: 'Dein Bild wird in Kürze freigeschaltet.',
  failure: 'Da ist leider was schief gelaufen.',
  pictureFailure: 'Da ist leider was schief gelaufen. Es sind JPEG, PNG, GIF oder WEBP erlaubt.',
} as const;

/** Spec §9: success messages disappear after 5 seconds. */
export const SUCCESS_MESSAGE_MS = 5000;
