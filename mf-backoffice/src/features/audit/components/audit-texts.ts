export const auditTexts = {
  loading: 'Protokoll wird geladen …',
  loadFailed: 'Das Protokoll konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Kein Eintrag passt zu den Filtern.',
  toBeforeFrom: 'Das Ende liegt vor dem Beginn.',
  badDay: 'Gib einen Tag an (TT.MM.JJJJ).',
} as const;
