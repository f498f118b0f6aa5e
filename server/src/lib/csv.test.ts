import { CSV_BOM, csvCell, csvFile, csvHead, csvLine } from './csv.js';

/** The server's one CSV writer: quoting, doubled quotes, and no cell a spreadsheet would run as a formula. */

describe('csvCell', () => {
  test.each([
    ['plain text stays as it is', 'Bot-Welle', 'Bot-Welle'],
    ['umlauts and ß stay', 'Größe München', 'Größe München'],
    ['the separator is quoted', 'a;b', '"a;b"'],
    ['quotes are doubled inside quotes', 'Er sagte "Abseits"', '"Er sagte ""Abseits"""'],
    ['line breaks are quoted', 'Zeile 1\nZeile 2', '"Zeile 1\nZeile 2"'],
    ['a CR is quoted', 'a\rb', '"a\rb"'],
    ['leading and trailing spaces are kept by quoting', ' x ', '" x "'],
    ['a comma needs nothing (not our separator)', 'a,b', 'a,b'],
  ])('%s', (_name, input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  test.each([
    ['=HYPERLINK("http://evil.example","Klick")', `"'=HYPERLINK(""http://evil.example"",""Klick"")"`],
    ['=1+1', "'=1+1"],
    ['+491701234567', "'+491701234567"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', `"'\r=1+1"`],
    ["=cmd|' /C calc'!A0;x", `"'=cmd|' /C calc'!A0;x"`],
  ])('a cell that starts a formula is neutralised: %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  test('numbers and empty values', () => {
    expect(csvCell(42)).toBe('42');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell('')).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  test('a line: cells joined with ; and ended with CRLF; the BOM is U+FEFF', () => {
    expect(csvLine([1, 'a;b', null, '=x'])).toBe(`1;"a;b";;'=x\r\n`);
    expect(Buffer.from(CSV_BOM, 'utf8')).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
  });
});

describe('csvFile', () => {
  test('BOM, header and rows; every cell of a row goes through csvCell (the header too)', () => {
    expect(csvHead(['E-Mail', 'Zeit'])).toBe(`${CSV_BOM}E-Mail;Zeit\r\n`);
    expect(
      csvFile(
        ['E-Mail', '=Kopf'],
        [
          ["=cmd|'/ccalc'!a0@example.org", 1],
          ['a;b@example.org', null],
        ],
      ),
    ).toBe(`${CSV_BOM}E-Mail;'=Kopf\r\n'=cmd|'/ccalc'!a0@example.org;1\r\n"a;b@example.org";\r\n`);
    expect(csvFile(['x'], [])).toBe(`${CSV_BOM}x\r\n`);
  });
});
