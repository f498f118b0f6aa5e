export const voteEntryTexts = {
  loading: 'Die Stimmen werden geladen …',
  loadFailed: 'Die Stimmen konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  gone: 'Diesen Beitrag gibt es nicht (mehr), oder er ist nicht veröffentlicht.',
  votesLoading: 'Stimmen werden geladen …',
  noVotes: 'Keine Stimme passt zum Filter.',
} as const;
