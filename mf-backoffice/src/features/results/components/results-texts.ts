import { reasonTexts } from '../../../lib/reason';

export const resultsTexts = {
  loadFailed: 'Die Ergebnisse konnten nicht geladen werden. Bitte lade die Seite neu.',
  answer: 'Die richtige Antwort ist eine ganze Zahl mit 1 bis 9 Ziffern.',
  reason: reasonTexts.rule,
  answerSaved: 'Richtige Antwort gespeichert.',
  published: (v: number) => `Veröffentlicht (Version ${v}).`,
  failed: 'Das hat nicht geklappt. Bitte versuche es noch einmal.',
} as const;
