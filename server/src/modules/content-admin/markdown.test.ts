import { markdownToRichText } from '../season/markdown.js';
import { richTextToMarkdown } from './markdown.js';

/** Rich text stored without its Markdown comes back as Markdown that converts to the same rich text. */

const roundTrip = (markdown: string) => {
  const rich = markdownToRichText(markdown);
  expect(markdownToRichText(richTextToMarkdown(rich))).toEqual(rich);
  return richTextToMarkdown(rich);
};

describe('richTextToMarkdown', () => {
  test('headings, paragraphs, lists, rules, emphasis, links and breaks', () => {
    expect(
      roundTrip(
        '# Titel\n\nHallo **Welt** und *alle*.\n\n- eins\n- zwei mit [Link](https://example.org/a_(b))\n\n1. erst\n2. dann\n\n---\n\nZeile  \nnächste',
      ),
    ).toBe(
      '# Titel\n\nHallo **Welt** und *alle*.\n\n- eins\n- zwei mit [Link](<https://example.org/a_(b)>)\n\n1. erst\n2. dann\n\n***\n\nZeile\\\nnächste',
    );
  });

  test('text that looks like syntax stays text', () => {
    roundTrip(
      '\\# kein Titel\n\n1\\. kein Punkt\n\n\\- kein Strich\n\nSterne \\*hier\\* und \\_da\\_ und \\[eckig\\] und a \\<b\\> & c\n\n\\> kein Zitat',
    );
    roundTrip('Absatz mit\nweicher Zeile\n+ plus am Anfang');
  });

  test('nested lists and empty documents', () => {
    roundTrip('- a\n  - b\n  - c\n\n  Absatz im Punkt\n- d');
    expect(richTextToMarkdown({ type: 'root', children: [] })).toBe('');
    expect(richTextToMarkdown(undefined)).toBe('');
  });
});
