import { dayRangeTexts } from '../../../components/day-field';

export const reachTexts = {
  intro:
    'Was geteilte Links bringen, je Kanal: Vorschauen (Messenger und soziale Netzwerke rufen die Seite für ihre Vorschau ab), Besuche über geteilte Links und die Stimmen danach. Nur Summen je Tag, keine personenbezogenen Daten.',
  loading: 'Reichweite wird geladen …',
  loadFailed: 'Die Reichweite konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Für diesen Filter wurde noch nichts gezählt.',
  ...dayRangeTexts,
  truncated:
    'Es wurde mehr gezählt, als hier Platz hat: Die Tabelle nach Beitrag und Verein zeigt die neuesten Tage. Grenze den Zeitraum ein oder exportiere die CSV-Datei; die Summen nach Kanal gelten für alles.',
} as const;
