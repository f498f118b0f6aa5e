import { findUnsafeText } from '../http/input.js';
import { isPlainText, isSingleLineText } from './text.js';

/**
 * The one text rule (issue 22): no text the server takes holds a C1 control (U+009B is a
 * terminal's CSI) or U+FFFD (a character a decoder already lost); names, one line each, hold no
 * bidi control either (an override there reorders the team tag shown beside the name).
 */

describe('isPlainText and the input rule', () => {
  test.each([
    ['CSI (C1)', 'Eri\u009b31mka'],
    ['NEL (C1)', 'Eri\u0085ka'],
    ['U+FFFD', 'M\uFFFDnchener SV'],
  ])('%s is refused everywhere', (_label, value) => {
    expect(isPlainText(value)).toBe(false);
    expect(findUnsafeText({ slogan: value }, 'body')).toBe('body.slogan');
  });

  test('umlauts, ß, € and right-to-left scripts stay fine', () => {
    for (const value of ['Münchener SV Größ €', 'نادي الشباب', 'מכבי חיפה', 'Tor!\n⚽']) expect(isPlainText(value)).toBe(true);
  });
});

describe('isSingleLineText (names)', () => {
  test.each([
    ['RLO', '\u202E'],
    ['LRE', '\u202A'],
    ['PDF', '\u202C'],
    ['LRI', '\u2066'],
    ['PDI', '\u2069'],
    ['LRM', '\u200E'],
    ['RLM', '\u200F'],
    ['ALM', '\u061C'],
  ])('refuses the bidi control %s', (_label, control) => {
    expect(isSingleLineText(`SV Nord${control} (Frauen)`)).toBe(false);
  });

  test.each([
    ['a tab', '\t'],
    ['a line feed', '\n'],
    ['a carriage return', '\r'],
    ['the line separator U+2028', '\u2028'],
    ['the paragraph separator U+2029', '\u2029'],
  ])('refuses %s, which breaks the line', (_label, character) => {
    expect(isSingleLineText(`SV Nord${character}Frauen`)).toBe(false);
  });

  test('keeps names in any script', () => {
    expect(isSingleLineText('نادي الشباب')).toBe(true);
    expect(isSingleLineText('TSV Eching')).toBe(true);
  });
});
