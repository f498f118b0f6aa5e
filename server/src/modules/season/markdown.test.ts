import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { RichTextBlockDto } from '@erd/shared-contracts/wire';
import { SERVER_ROOT } from '../../test-support/app.js';
import { MAX_NESTING } from './markdown-convert.js';
import { createMarkdownConverter, markdownToRichText, MESSAGES } from './markdown.js';

describe('markdownToRichText', () => {
  test('keeps the supported subset', () => {
    const tree = markdownToRichText(
      '# Titel\n\nEin **fetter** und *schräger* Text mit [Link](https://example.org).  \nNeue Zeile\n\n- eins\n- zwei\n\n1. a\n\n---\n',
    );
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
            { type: 'link', url: 'https://example.org/', children: [{ type: 'text', value: 'Link' }] },
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

describe("links: the contracts' one rule (issue 22)", () => {
  const hrefs = (markdown: string) => {
    const found: string[] = [];
    JSON.stringify(markdownToRichText(markdown), (key, value: unknown) => {
      if (key === 'url' && typeof value === 'string') found.push(value);
      return value;
    });
    return found;
  };

  test.each([
    '[x](/\\evil.example)',
    '[x](</\\evil.example>)',
    '[x](/&#9;/evil.example)',
    '[x](/&#10;/evil.example)',
    '[x](/&#13;/evil.example)',
    '[x](</\t/evil.example>)',
    '[x](//evil.example)',
    '[x](\\\\\\\\evil.example)',
    '[x](<\\\\\\\\evil.example>)',
    '[x](/.//evil.example)',
    '[x](http://evil.example)',
    '[x](javascript:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](java&#9;script:alert(1))',
    '[x](data:text/html,x)',
    '[x](tel:+49891234)',
    '[x][r]\n\n[r]: /\\evil.example',
  ])('%j links nowhere off the site', (markdown) => {
    const tree = markdownToRichText(markdown);
    expect(hrefs(markdown)).toEqual([]);
    expect(tree.children).toEqual([{ type: 'paragraph', children: [{ type: 'text', value: 'x' }] }]);
  });

  test.each([
    ['[x](/terms)', '/terms'],
    ['[x](/%5Cevil.example)', '/%5Cevil.example'],
    ['[x](https://www.bfv.de)', 'https://www.bfv.de/'],
    ['[x](mailto:info@example.org)', 'mailto:info@example.org'],
    ['[x](#abschnitt)', '#abschnitt'],
  ])('%j stays a link to %j', (markdown, href) => {
    expect(hrefs(markdown)).toEqual([href]);
  });
});

describe('hostile structure (issue 22)', () => {
  test.each([
    ['3 KB of nested list markers', '- * '.repeat(750)],
    ['3 KB of nested numbered lists', '1. '.repeat(1000)],
    ['lists in quotes in lists', '> - '.repeat(750)],
    ['10 KB of lists in quotes (seconds of parsing, refused before)', '> - '.repeat(2500)],
    ['10 KB of quote markers', '>'.repeat(10_000)],
    ['nested emphasis', `${'*'.repeat(60)}a${'*'.repeat(60)}`],
    ['nested strong and emphasis', `${'***'.repeat(15)}a${'***'.repeat(15)}`],
    ['indented lists', Array.from({ length: 40 }, (_, i) => `${'  '.repeat(i)}- a`).join('\n')],
  ])('%s: a German 400, no stack overflow', (_name, markdown) => {
    expect(() => markdownToRichText(markdown)).toThrow(expect.objectContaining({ statusCode: 400, message: MESSAGES.tooDeep }));
  });

  test('a divider of many stars or dashes is no nesting', () => {
    expect(markdownToRichText('* * * * * * * * * * * * *\n\n- - - - - - - - - - - - - -').children).toEqual([
      { type: 'thematicBreak' },
      { type: 'thematicBreak' },
    ]);
  });

  test(`${MAX_NESTING} quote and list markers on a line are fine`, () => {
    const tree = markdownToRichText(`${'> - '.repeat(MAX_NESTING / 2)}a`);
    expect(JSON.stringify(tree)).toContain('"value":"a"');
  });

  test(`${MAX_NESTING} levels are fine`, () => {
    const markdown = Array.from({ length: MAX_NESTING }, (_, i) => `${'  '.repeat(i)}- a`).join('\n');
    let depth = 0;
    for (let node: RichTextBlockDto | undefined = markdownToRichText(markdown).children[0]; node?.type === 'list'; depth++) {
      node = node.children[0]!.children.find((child) => child.type === 'list');
    }
    expect(depth).toBe(MAX_NESTING);
  });
});

describe('createMarkdownConverter: off the event loop, bounded in time', () => {
  // A short run limit keeps the test short; the wait limit leaves room for a new thread to start on a busy machine.
  const converter = createMarkdownConverter({ serverRoot: SERVER_ROOT, timeoutMs: 3000, queueTimeoutMs: 20_000 });
  afterAll(() => converter.close());

  test('converts as the synchronous call does', async () => {
    const markdown = '# Titel\n\n- eins [gut](/terms) [böse](/\\evil.example)\n\n> Zitat';
    expect(await converter.toRichText(markdown)).toEqual(markdownToRichText(markdown));
  });

  test('refuses too deep nesting with the German message at the field', async () => {
    await expect(converter.toRichText('>'.repeat(10_000), 'teasers.teaser1.text')).rejects.toMatchObject({
      statusCode: 400,
      message: MESSAGES.tooDeep,
      details: { field: 'teasers.teaser1.text' },
    });
  });

  test('a text that takes too long is refused at the limit while the event loop stays free; one waiting behind it still converts', async () => {
    const histogram = monitorEventLoopDelay({ resolution: 10 });
    histogram.enable();
    const started = Date.now();
    const slow = converter.toRichText('*a'.repeat(50_000));
    const waiting = converter.toRichText('*danach*');
    await expect(slow).rejects.toMatchObject({ statusCode: 400, message: MESSAGES.tooSlow });
    histogram.disable();
    expect(Date.now() - started).toBeLessThan(8000);
    // The longest the event loop was blocked while the worker worked.
    expect(histogram.max / 1e6).toBeLessThan(1000);
    expect(await waiting).toEqual({
      type: 'root',
      children: [{ type: 'paragraph', children: [{ type: 'emphasis', children: [{ type: 'text', value: 'danach' }] }] }],
    });
  });

  test('a text that waits too long behind others is not converted: 503, try again', async () => {
    const impatient = createMarkdownConverter({ serverRoot: SERVER_ROOT, timeoutMs: 3000, queueTimeoutMs: 1500 });
    try {
      const slow = impatient.toRichText('*a'.repeat(50_000));
      await expect(impatient.toRichText('*danach*')).rejects.toMatchObject({ statusCode: 503, message: MESSAGES.busy });
      await expect(slow).rejects.toMatchObject({ statusCode: 400, message: MESSAGES.tooSlow });
    } finally {
      await impatient.close();
    }
  });
});
