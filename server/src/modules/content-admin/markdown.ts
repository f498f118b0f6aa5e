import type { RichTextBlockDto, RichTextDto, RichTextInlineDto } from '@erd/shared-contracts/wire';

/**
 * Rich text → Markdown, for texts stored before their Markdown was kept (migration 0010): the
 * back office shows it as the starting point of an edit. Written so that the season import's
 * conversion (`markdownToRichText`) reads it back to the same rich text: text is escaped where
 * Markdown would read it as syntax.
 */
export function richTextToMarkdown(doc: RichTextDto | undefined | null): string {
  if (!doc || !Array.isArray(doc.children)) return '';
  return blocks(doc.children).join('\n\n');
}

function blocks(nodes: readonly RichTextBlockDto[]): string[] {
  return nodes.map(block).filter((text) => text !== '');
}

function block(node: RichTextBlockDto): string {
  switch (node.type) {
    case 'heading':
      return `${'#'.repeat(Math.min(Math.max(node.depth, 1), 6))} ${inlines(node.children).replace(/\n/g, ' ')}`;
    case 'paragraph':
      return inlines(node.children);
    case 'list':
      return node.children
        .map((item, i) => {
          const marker = node.ordered ? `${i + 1}. ` : '- ';
          const body = blocks(item.children).join('\n\n');
          return (
            marker +
            body
              .split('\n')
              .join(`\n${' '.repeat(marker.length)}`)
              .replace(/\n +\n/g, '\n\n')
          );
        })
        .join('\n');
    case 'thematicBreak':
      return '***';
    default:
      return '';
  }
}

function inlines(nodes: readonly RichTextInlineDto[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
          return escapeText(node.value);
        case 'break':
          return '\\\n';
        case 'strong':
          return `**${inlines(node.children)}**`;
        case 'emphasis':
          return `*${inlines(node.children)}*`;
        case 'link':
          return `[${inlines(node.children)}](<${node.url.replace(/[<>\\]/g, (c) => `\\${c}`)}>)`;
        default:
          return '';
      }
    })
    .join('');
}

/** Escapes what Markdown would read as syntax: inline markers anywhere, block markers at a line's start. */
function escapeText(value: string): string {
  return value
    .replace(/[\\`*_[\]<>&~|]/g, (c) => `\\${c}`)
    .split('\n')
    .map((line, i) => {
      const marked = line.replace(/^(\s*)([#>+=-])/, '$1\\$2').replace(/^(\s*\d{1,9})([.)])/, '$1\\$2');
      // A continuation line's indentation means nothing to the reader (the conversion drops it) but could make a code block.
      return i === 0 ? marked : marked.replace(/^\s+/, '');
    })
    .join('\n');
}
