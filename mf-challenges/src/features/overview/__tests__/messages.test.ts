import { validateEstimate } from '../forms/estimate-form';
import { rejectionText } from '../forms/messages';

describe('rejectionText', () => {
  test.each([
    ['slogan', 'Beleidigend', false, true, 'Dein Spruch wurde leider nicht freigegeben: Beleidigend. Du kannst einen neuen einreichen.'],
    ['slogan', 'Beleidigend.', false, true, 'Dein Spruch wurde leider nicht freigegeben: Beleidigend. Du kannst einen neuen einreichen.'],
    ['picture', '  Werbung!  ', false, true, 'Dein Bild wurde leider nicht freigegeben: Werbung. Du kannst ein neues einreichen.'],
    ['picture', null, false, false, 'Dein Bild wurde leider nicht freigegeben.'],
    ['slogan', '', true, false, 'Dein Spruch wurde leider zurückgezogen.'],
    ['slogan', 'Gemeldet', true, true, 'Dein Spruch wurde leider zurückgezogen: Gemeldet. Du kannst einen neuen einreichen.'],
  ] as const)('%s %j withdrawn=%s resubmit=%s', (kind, reason, withdrawn, canResubmit, text) => {
    expect(rejectionText(kind, reason, { withdrawn, canResubmit })).toBe(text);
  });
});

describe('validateEstimate', () => {
  test.each([
    ['', 'estimate', 'Gib eine Schätzung ein'],
    ['4,5', 'estimate', 'Die Schätzung muss eine Zahl sein'],
    ['1.234.567.890', 'estimate', 'Die Schätzung darf höchstens 9 Ziffern haben'],
    ['4.500', 'estimate', null],
    ['4 500', 'estimate', null],
    ['  ', 'goals', 'Gib die Anzahl eurer Tore ein'],
    ['zwölf', 'goals', 'Die Anzahl der Tore muss eine Zahl sein'],
    ['12', 'goals', null],
  ] as const)('%j (%s) → %j', (value, kind, message) => {
    expect(validateEstimate(value, kind)).toBe(message);
  });
});
