import type { RichTextBlockDto, RichTextDto, RichTextInlineDto } from './entities.js';

/**
 * The one rule for links in site content (issue 22): a link may point to a path of this site, to
 * an `https:` address or to a `mailto:` address, nothing else. The address is read with the
 * WHATWG URL parser, the one browsers use, so `/\evil.example`, a tab or newline inside `//`,
 * `javascript:` and the like are judged as a browser would follow them, not by their spelling.
 * Server (Markdown conversion, stored rich text served to pages) and front ends (the renderer)
 * all call this.
 */

/** A stand-in origin for "this site": content never knows the real one, and a same-site path resolves to it whatever it is. */
const SITE = 'https://site.invalid';

/**
 * The `href` to write for a content link, or `undefined` when the link is not allowed. The answer
 * is the parsed form (a site path as `/path?query#fragment`, an address as the parser writes it),
 * so what the browser follows is exactly what was checked.
 */
export function contentLinkHref(url: string): string | undefined {
  const absolute = parse(url);
  // An address with a scheme of its own: only https and mailto.
  if (absolute) return absolute.protocol === 'https:' || absolute.protocol === 'mailto:' ? absolute.href : undefined;
  // Anything else is read relative to the page; it must stay on the site ('//host', '/\\host' do not).
  const relative = parse(url, `${SITE}/`);
  if (!relative || relative.origin !== SITE) return undefined;
  // A link to a fragment only stays on the page it is shown on.
  if (url.startsWith('#')) return relative.hash || '#';
  const path = `${relative.pathname}${relative.search}${relative.hash}`;
  // Written out, the path must lead to the same place: '/.//evil.example' is parsed to the path
  // '//evil.example', which a browser would read as another host.
  return parse(path, `${SITE}/`)?.href === relative.href ? path : undefined;
}

function parse(url: string, base?: string): URL | undefined {
  try {
    return new URL(url, base);
  } catch {
    return undefined;
  }
}

/** True when the allowed link leaves the site (the renderer opens those in a new tab). */
export const isExternalContentHref = (href: string) => href.startsWith('https:');

/**
 * Rich text with every link checked by `contentLinkHref`: an allowed link gets the parsed address,
 * a refused one is replaced by its text. For rich text stored before the rule (issue 22), served
 * as it is read.
 */
export function withSafeLinks(doc: RichTextDto): RichTextDto;
export function withSafeLinks(doc: RichTextDto | undefined): RichTextDto | undefined;
export function withSafeLinks(doc: RichTextDto | null | undefined): RichTextDto | null | undefined;
export function withSafeLinks(doc: RichTextDto | null | undefined): RichTextDto | null | undefined {
  if (!doc || !Array.isArray(doc.children)) return doc;
  return { ...doc, children: doc.children.map(block) };
}

function block(node: RichTextBlockDto): RichTextBlockDto {
  switch (node.type) {
    case 'heading':
    case 'paragraph':
      return { ...node, children: inlines(node.children) };
    case 'list':
      return { ...node, children: node.children.map((item) => ({ ...item, children: item.children.map(block) })) };
    default:
      return node;
  }
}

function inlines(nodes: readonly RichTextInlineDto[]): RichTextInlineDto[] {
  const out: RichTextInlineDto[] = [];
  const push = (node: RichTextInlineDto) => {
    const last = out[out.length - 1];
    // A refused link's text joins the text beside it, as if the link had never been there.
    if (node.type === 'text' && last?.type === 'text') out[out.length - 1] = { ...last, value: last.value + node.value };
    else out.push(node);
  };
  for (const node of nodes) {
    if (node.type === 'link') {
      const href = contentLinkHref(node.url);
      if (href === undefined) inlines(node.children).forEach(push);
      else push({ ...node, url: href, children: inlines(node.children) });
    } else if (node.type === 'strong' || node.type === 'emphasis') {
      push({ ...node, children: inlines(node.children) });
    } else {
      push(node);
    }
  }
  return out;
}
