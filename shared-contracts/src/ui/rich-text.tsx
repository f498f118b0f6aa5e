import { Fragment, type ReactNode } from 'react';
import {
  contentLinkHref,
  isExternalContentHref,
  type RichTextBlockDto,
  type RichTextDto,
  type RichTextInlineDto,
} from '@erd/shared-contracts';

/**
 * Renders the content API's rich text (an mdast subset) as React elements: no HTML is ever injected.
 * Links follow the contracts' one rule (`contentLinkHref`), also those stored before it: a refused
 * link shows as its text.
 */

function renderInline(nodes: RichTextInlineDto[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return node.value;
      case 'strong':
        return <strong key={i}>{renderInline(node.children)}</strong>;
      case 'emphasis':
        return <em key={i}>{renderInline(node.children)}</em>;
      case 'link': {
        const href = contentLinkHref(node.url);
        if (href === undefined) return <Fragment key={i}>{renderInline(node.children)}</Fragment>;
        return (
          <a key={i} href={href} {...(isExternalContentHref(href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            {renderInline(node.children)}
          </a>
        );
      }
      case 'break':
        return <br key={i} />;
      default:
        return null;
    }
  });
}

function renderBlock(node: RichTextBlockDto, key: number, headingOffset: number): ReactNode {
  switch (node.type) {
    case 'heading': {
      const level = Math.min(6, node.depth + headingOffset) as 1 | 2 | 3 | 4 | 5 | 6;
      const Tag = `h${level}` as const;
      return <Tag key={key}>{renderInline(node.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{renderInline(node.children)}</p>;
    case 'list': {
      const Tag = node.ordered ? 'ol' : 'ul';
      return (
        <Tag key={key}>
          {node.children.map((item, i) => (
            <li key={i}>{item.children.map((child, j) => renderBlock(child, j, headingOffset))}</li>
          ))}
        </Tag>
      );
    }
    case 'thematicBreak':
      return <hr key={key} />;
    default:
      return null;
  }
}

export function RichText({ document, headingOffset = 0 }: { document: RichTextDto | undefined | null; headingOffset?: number }) {
  if (!document?.children) return null;
  return <>{document.children.map((block, i) => renderBlock(block, i, headingOffset))}</>;
}

/** Plain text of a rich-text document (for share texts, meta descriptions). */
export function richTextToPlain(document: RichTextDto | undefined | null): string {
  const inline = (nodes: RichTextInlineDto[]): string =>
    nodes.map((n) => (n.type === 'text' ? n.value : n.type === 'break' ? ' ' : 'children' in n ? inline(n.children) : '')).join('');
  const block = (b: RichTextBlockDto): string =>
    b.type === 'list' ? b.children.map((li) => li.children.map(block).join(' ')).join(' ') : 'children' in b ? inline(b.children) : '';
  return (document?.children ?? []).map(block).join('\n');
}
