import type { RichTextDto } from './entities.js';
import { contentLinkHref, withSafeLinks } from './content-links.js';

describe('contentLinkHref', () => {
  test.each([
    ['/terms', '/terms'],
    ['/challenges?jahr=2026#liste', '/challenges?jahr=2026#liste'],
    ['terms', '/terms'],
    ['#abschnitt-3', '#abschnitt-3'],
    ['/%5Cevil.example', '/%5Cevil.example'],
    ['/ä ö', '/%C3%A4%20%C3%B6'],
    ['https://www.bfv.de/datenschutz', 'https://www.bfv.de/datenschutz'],
    ['HTTPS://Example.ORG', 'https://example.org/'],
    ['mailto:info@example.org', 'mailto:info@example.org'],
    // Percent-encoded schemes and slashes are no schemes and no slashes to a browser: paths of this site.
    ['javascript%3Aalert(1)', '/javascript%3Aalert(1)'],
    ['%2F%2Fevil.example', '/%2F%2Fevil.example'],
  ])('allows %j as %j', (url, href) => {
    expect(contentLinkHref(url)).toBe(href);
  });

  test.each([
    '/\\evil.example',
    '\\\\evil.example',
    '\\/evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r\n/evil.example',
    '\t//evil.example',
    ' //evil.example',
    '//evil.example',
    '///evil.example',
    '/.//evil.example',
    '/./\\evil.example',
    'http://evil.example',
    'http:evil.example',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    ' javascript:alert(1)',
    '\u0000javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:msgbox(1)',
    'tel:+49891234',
    'ftp://example.org',
    'https://',
  ])('refuses %j', (url) => {
    expect(contentLinkHref(url)).toBeUndefined();
  });
});

describe('withSafeLinks', () => {
  test('keeps allowed links (parsed), replaces refused ones by their text, everywhere in the tree', () => {
    const link = (url: string, text: string) => ({ type: 'link' as const, url, children: [{ type: 'text' as const, value: text }] });
    const doc: RichTextDto = {
      type: 'root',
      children: [
        { type: 'paragraph', children: [link('/\\evil.example', 'weg'), { type: 'text', value: ' und ' }, link('/terms', 'Bedingungen')] },
        { type: 'heading', depth: 2, children: [{ type: 'strong', children: [link('/\t/evil.example', 'fett')] }] },
        {
          type: 'list',
          ordered: false,
          children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [link('HTTPS://Example.org', 'extern')] }] }],
        },
      ],
    };
    expect(withSafeLinks(doc)).toEqual({
      type: 'root',
      children: [
        { type: 'paragraph', children: [{ type: 'text', value: 'weg und ' }, link('/terms', 'Bedingungen')] },
        { type: 'heading', depth: 2, children: [{ type: 'strong', children: [{ type: 'text', value: 'fett' }] }] },
        {
          type: 'list',
          ordered: false,
          children: [{ type: 'listItem', children: [{ type: 'paragraph', children: [link('https://example.org/', 'extern')] }] }],
        },
      ],
    });
  });

  test('passes missing documents through', () => {
    expect(withSafeLinks(undefined)).toBeUndefined();
    expect(withSafeLinks(null)).toBeNull();
  });
});
