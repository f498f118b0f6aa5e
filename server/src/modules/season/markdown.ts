import type { BlockContent, DefinitionContent, ListItem, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type {
  RichTextBlockDto,
  RichTextDto,
  RichTextInlineDto,
  RichTextListItemDto,
} from '@erd/shared-contracts/wire';

/**
 * Markdown → the contracts' `RichTextDto` (an mdast subset). Kept: headings, paragraphs, lists,
 * thematic breaks; inline text, strong, emphasis, links (http, https, mailto, tel, site paths) and
 * line breaks. Block quotes are unwrapped, inline code becomes text. Dropped: raw HTML, images,
 * code blocks, definitions and anything else.
 */
export function markdownToRichText(markdown: string): RichTextDto {
  const tree = fromMarkdown(markdown.replace(/\r\n?/g, '\n'));
  return { type: 'root', children: blocks(tree.children) };
}

const SAFE_LINK = /^(https?:\/\/|mailto:|tel:|\/(?!\/)|#)/i;

function blocks(nodes: ReadonlyArray<RootContent | BlockContent | DefinitionContent>): RichTextBlockDto[] {
  const out: RichTextBlockDto[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'heading': {
        const children = inlines(node.children);
        if (children.length) out.push({ type: 'heading', depth: node.depth, children });
        break;
      }
      case 'paragraph': {
        const children = inlines(node.children);
        if (children.length) out.push({ type: 'paragraph', children });
        break;
      }
      case 'list': {
        const items = node.children.map(listItem).filter((item) => item.children.length > 0);
        if (items.length) out.push({ type: 'list', ordered: node.ordered === true, children: items });
        break;
      }
      case 'thematicBreak':
        out.push({ type: 'thematicBreak' });
        break;
      case 'blockquote':
        out.push(...blocks(node.children));
        break;
      default:
        // html, code, image-only content, definitions, footnotes, tables …: not part of rich text.
        break;
    }
  }
  return out;
}

function listItem(node: ListItem): RichTextListItemDto {
  return { type: 'listItem', children: blocks(node.children) };
}

function inlines(nodes: readonly PhrasingContent[]): RichTextInlineDto[] {
  const out: RichTextInlineDto[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.value += value;
    else out.push({ type: 'text', value });
  };
  const push = (node: RichTextInlineDto) => {
    if (node.type === 'text') pushText(node.value);
    else out.push(node);
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
        pushText(node.value);
        break;
      case 'inlineCode':
        pushText(node.value);
        break;
      case 'break':
        out.push({ type: 'break' });
        break;
      case 'strong':
      case 'emphasis': {
        const children = inlines(node.children);
        if (children.length) out.push({ type: node.type, children });
        break;
      }
      case 'link': {
        const children = inlines(node.children);
        if (!children.length) break;
        if (SAFE_LINK.test(node.url)) out.push({ type: 'link', url: node.url, children });
        else children.forEach(push);
        break;
      }
      case 'linkReference':
        inlines(node.children).forEach(push);
        break;
      default:
        // html, image, imageReference, footnoteReference: dropped.
        break;
    }
  }
  // Whitespace left over from dropped inline HTML at the edges of a block.
  const first = out[0];
  if (first?.type === 'text') first.value = first.value.replace(/^\s+/, '');
  const last = out[out.length - 1];
  if (last?.type === 'text') last.value = last.value.replace(/\s+$/, '');
  return out.filter((node) => node.type !== 'text' || node.value !== '');
}
