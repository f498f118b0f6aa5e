import { dayRangeTexts } from '../../../components/day-field';

export const auditTexts = {
  loading: 'Protokoll wird geladen …',
  loadFailed: 'Das Protokoll konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.',
  none: 'Kein Eintrag passt zu den Filtern.',
  ...dayRangeTexts,
} as const;
