import { myEntry } from '../../../testing/fixtures';
import { entryShareText, pendingResultsText, resultText, stateLabel, votesText } from '../lib/my-entry-texts';

it('names the state as the member reads it', () => {
  expect(stateLabel(myEntry({ state: 'pending' }))).toBe('Wird geprüft');
  expect(stateLabel(myEntry())).toBe('Veröffentlicht');
  expect(stateLabel(myEntry({ challenge: { type: 'bfv-erd-estimate' }, estimate: 4500 }))).toBe('Gespeichert');
  expect(stateLabel(myEntry({ challenge: { type: 'bfv-erd-goals' }, estimate: 12 }))).toBe('Gespeichert');
  expect(stateLabel(myEntry({ state: 'rejected', rejectionReason: 'Werbung' }))).toBe('Nicht freigegeben: Werbung');
  expect(stateLabel(myEntry({ state: 'rejected', rejectionReason: null }))).toBe('Nicht freigegeben');
});

it('counts votes, places and points in German', () => {
  expect(votesText(1)).toBe('1 Stimme');
  expect(votesText(0)).toBe('0 Stimmen');
  expect(votesText(4500)).toBe('4.500 Stimmen');
  expect(resultText({ place: 1, points: 1, rightAnswer: null })).toBe('Platz 1 · 1 Punkt');
  expect(resultText({ place: 12, points: 1200, rightAnswer: null })).toBe('Platz 12 · 1.200 Punkte');
  expect(resultText({ place: null, points: 0, rightAnswer: null })).toBe('Keine Punkte');
});

it('says when the results come, with the day when one is set', () => {
  expect(pendingResultsText(myEntry({ challenge: { resultsDate: '2026-07-06' } }))).toBe('Ergebnisse ab 6.7.');
  expect(pendingResultsText(myEntry())).toBe('Ergebnisse folgen in Kürze');
});

it('asks for votes while voting runs and shows the entry off afterwards', () => {
  const url = 'https://punktejagd.example/challenge/c/p?via=whatsapp';
  expect(entryShareText({ productName: 'Punktejagd', entry: myEntry({ challenge: { type: 'bfv-erd-picture-vote' } }), url })).toBe(
    `Stimm bei der Punktejagd für unser Bild ab! Jede Stimme zählt. Dein Vereinsspruch: ${url}`,
  );
  expect(entryShareText({ productName: 'Punktejagd', entry: myEntry({ challenge: { ended: true } }), url })).toBe(
    `Schau dir unseren Spruch bei der Punktejagd an! Dein Vereinsspruch: ${url}`,
  );
});
