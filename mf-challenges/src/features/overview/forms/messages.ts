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

/** Estimate (the spec's texts) or goals (issue 24: a goals challenge speaks of goals, not of an estimate). */
export type NumberKind = 'estimate' | 'goals';

export interface NumberTexts {
  /** The form's accessible name. */
  form: string;
  required: string;
  number: string;
  /** More than 9 digits (decisions §4). */
  tooLong: string;
  saved: string;
  placeholder: string;
  /** 'Deine gespeicherte Schätzung:' before the number. */
  current: string;
  /** After the number: the club may change it until the end. */
  changeable: string;
}

export const numberTexts: Record<NumberKind, NumberTexts> = {
  estimate: {
    form: 'Deine Schätzung',
    required: messages.estimateRequired,
    number: messages.estimateNumber,
    tooLong: 'Die Schätzung darf höchstens 9 Ziffern haben',
    saved: messages.estimateSaved,
    placeholder: 'z. B. 4.500',
    current: 'Deine gespeicherte Schätzung:',
    changeable: 'Du kannst sie bis zum Ende der Challenge ändern.',
  },
  goals: {
    form: 'Eure Tore',
    required: 'Gib die Anzahl eurer Tore ein',
    number: 'Die Anzahl der Tore muss eine Zahl sein',
    tooLong: 'Die Anzahl der Tore darf höchstens 9 Ziffern haben',
    saved: 'Eure Tore wurden gespeichert.',
    placeholder: 'z. B. 42',
    current: 'Eure gespeicherten Tore:',
    changeable: 'Du kannst die Zahl bis zum Ende der Challenge ändern.',
  },
};

/** A slogan or a picture: the words of the entry's state. */
export type EntryKind = 'slogan' | 'picture';

/**
 * Issue 24 / decisions §4: an operator rejected (or took back) the club's entry; it is gone and, while
 * the submission window is open, the club may send a new one. The operator's reason as given.
 */
export function rejectionText(
  kind: EntryKind,
  reason: string | null,
  { withdrawn, canResubmit }: { withdrawn: boolean; canResubmit: boolean },
): string {
  const subject = kind === 'picture' ? 'Dein Bild' : 'Dein Spruch';
  const verb = withdrawn ? 'wurde leider zurückgezogen' : 'wurde leider nicht freigegeben';
  // The reason ends the sentence: its own closing stop is dropped.
  const why = reason?.trim().replace(/[.!\s]+$/, '');
  const head = why ? `${subject} ${verb}: ${why}.` : `${subject} ${verb}.`;
  if (!canResubmit) return head;
  return `${head} Du kannst ${kind === 'picture' ? 'ein neues' : 'einen neuen'} einreichen.`;
}
