export const overviewTexts = {
  loading: 'Überblick wird geladen …',
  loadFailed: 'Der Überblick konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  noSeason: 'Es ist keine Saison angelegt.',
  noAudit: 'Noch keine Einträge im Protokoll.',
} as const;
