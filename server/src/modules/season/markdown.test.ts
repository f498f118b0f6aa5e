import { markdownToRichText } from './markdown.js';

describe('markdownToRichText', () => {
  test('keeps the supported subset', () => {
    const tree = markdownToRichText('# Titel\n\nEin **fetter** und *schräger* Text mit [Link](https://example.org).  \nNeue Zeile\n\n- eins\n- zwei\n\n1. a\n\n---\n');
    expect(tree).toEqual({
      type: 'root',
      children: [
        { type: 'heading', depth: 1, children: [{ type: 'text', value: 'Titel' }] },
        {
          type: 'paragraph',
          children: [
            { type: 'text', value: 'Ein ' },
            { type: 'strong', children: [{ type: 'text', value: 'fetter' }] },
            { type: 'text', value: ' und ' },
            { type: 'emphasis', children: [{ type: 'text', value: 'schräger' }] },
            { type: 'text', value: ' Text mit ' },
            { type: 'link', url: 'https://example.org', children: [{ type: 'text', value: 'Link' }] },
            { type: 'text', value: '.' },
            { type: 'break' },
            { type: 'text', value: 'Neue Zeile' },
          ],
        },
        {
          type: 'list',
          ordered: false,
          children: [
            { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'eins' }] }] },
            { type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'zwei' }] }] },
          ],
        },
        {
          type: 'list',
          ordered: true,
          children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [{ type: 'text', value: 'a' }] }] }],
        },
        { type: 'thematicBreak' },
      ],
    });
  });

  test('drops raw HTML, images, code blocks and unsafe links', () => {
    const tree = markdownToRichText(
      '<script>alert(1)</script>\n\nText <b>fett</b> ![Bild](x.png)\n\n```\ncode\n```\n\n[böse](javascript:alert(1)) [gut](/terms)',
    );
    expect(tree.children).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'Text fett' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', value: 'böse ' },
          { type: 'link', url: '/terms', children: [{ type: 'text', value: 'gut' }] },
        ],
      },
    ]);
    expect(JSON.stringify(tree)).not.toMatch(/script|alert|<b>|x\.png|code/);
  });

  test('unwraps block quotes and turns inline code into text', () => {
    expect(markdownToRichText('> Zitat mit `code`').children).toEqual([
      { type: 'paragraph', children: [{ type: 'text', value: 'Zitat mit code' }] },
    ]);
  });

  test('empty input gives an empty root', () => {
    expect(markdownToRichText('')).toEqual({ type: 'root', children: [] });
  });
});
