import { escapeHtml } from '../../lib/text.js';
import type { Preview } from './service.js';

/**
 * The page's head for a preview (./service.ts): `<title>`, description, canonical URL, Open Graph
 * and Twitter card tags, the tags link-preview crawlers read (they never run JavaScript). Every
 * value is HTML-escaped (a club named `"><script>` stays text); URLs are absolute, on PUBLIC_URL.
 */

const meta = (attribute: 'name' | 'property', key: string, value: string) => `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;

export function headTags(preview: Preview, { publicUrl, productName }: { publicUrl: string; productName: string }): string {
  const base = publicUrl.replace(/\/$/, '');
  const url = `${base}${preview.path}`;
  const image = `${base}${preview.image.path}`;
  return [
    `<title>${escapeHtml(preview.title)}</title>`,
    meta('name', 'description', preview.description),
    ...(preview.noindex ? [meta('name', 'robots', 'noindex')] : []),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:type', preview.type),
    meta('property', 'og:site_name', productName),
    meta('property', 'og:locale', 'de_DE'),
    meta('property', 'og:title', preview.title),
    meta('property', 'og:description', preview.description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    ...(image.startsWith('https:') ? [meta('property', 'og:image:secure_url', image)] : []),
    meta('property', 'og:image:width', String(preview.image.width)),
    meta('property', 'og:image:height', String(preview.image.height)),
    meta('property', 'og:image:alt', preview.image.alt),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', preview.title),
    meta('name', 'twitter:description', preview.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', preview.image.alt),
  ].join('');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta name="description"[^>]*>/;

/** `html` (the app's page) with its title and description replaced by the preview's head. */
export function withHead(html: string, tags: string): string {
  const without = html.replace(TITLE, '').replace(DESCRIPTION, '');
  const at = without.indexOf('</head>');
  return at === -1 ? without : `${without.slice(0, at)}${tags}${without.slice(at)}`;
}
