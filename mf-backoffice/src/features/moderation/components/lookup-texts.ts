export const lookupTexts = {
  title: 'Beitrag nachschlagen',
  label: 'Beitrags-ID',
  hint: 'Die ID steht in jeder Meldung („Beitrags-ID: …“). Auch der Link zum Beitrag geht.',
  empty: 'Bitte gib eine Beitrags-ID ein.',
  unknown: 'Zu dieser ID gibt es keinen Beitrag und keinen Eintrag im Protokoll.',
  failed: 'Der Beitrag konnte gerade nicht nachgeschlagen werden. Bitte versuche es noch einmal.',
  noHistory: 'Noch keine Entscheidung im Protokoll.',
  withdraw: 'Beitrag zurückziehen',
  withdrawHint:
    'Für einen veröffentlichten Beitrag, der gegen die Regeln verstößt (etwa nach einer Meldung): Er wird mit seinen Stimmen gelöscht.',
  withdrawn: 'Der Beitrag ist zurückgezogen und gelöscht.',
  alreadyGone: 'Der Beitrag war nicht mehr öffentlich; der aktuelle Stand ist unten zu sehen.',
} as const;
