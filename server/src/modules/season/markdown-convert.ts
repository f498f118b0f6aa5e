import { parentPort, workerData } from 'node:worker_threads';
import type { BlockContent, DefinitionContent, ListItem, PhrasingContent, RootContent } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import type { RichTextBlockDto, RichTextDto, RichTextInlineDto, RichTextListItemDto } from '@erd/shared-contracts/wire';

/**
 * Markdown → the contracts' `RichTextDto` (an mdast subset), links as written (`markdown.ts`
 * applies the contracts' link rule). Kept: headings, paragraphs, lists, thematic breaks; inline
 * text, strong, emphasis, links and line breaks. Block quotes are unwrapped, inline code becomes
 * text. Dropped: raw HTML, images, code blocks, definitions and anything else.
 *
 * This module is also the entry of the conversion's worker thread (`markdown.ts`), so it imports
 * nothing of ours at run time (the test suite starts it from its TypeScript source, which Node
 * 22.18+ runs by stripping the types, without resolving `.js` imports to `.ts`).
 */

/** Lists and quotes inside each other, and strong/emphasis/links inside each other: at most this deep (issue 22). */
export const MAX_NESTING = 10;

export class MarkdownTooDeepError extends Error {
  constructor() {
    super('markdown nested too deeply');
    this.name = 'MarkdownTooDeepError';
  }
}

export function convertMarkdown(markdown: string): RichTextDto {
  const text = markdown.replace(/\r\n?/g, '\n');
  if (text.split('\n').some((line) => containerMarkers(line) > MAX_NESTING)) throw new MarkdownTooDeepError();
  const tree = fromMarkdown(text);
  return { type: 'root', children: blocks(tree.children, 0) };
}

export type ConversionResult = { ok: true; richText: RichTextDto } | { ok: false; reason: 'too-deep' };

/** What the worker thread answers: `started` when it begins a text (its time limit counts from then), then `done`. */
export type WorkerMessage = { type: 'started' } | { type: 'done'; result: ConversionResult };

/** Marks the thread `markdown.ts` starts, so that importing this module anywhere else starts nothing. */
export const WORKER_MARK = 'erd-markdown-worker';

/** A refusal is an answer, not a thrown error, so it crosses the thread intact. */
function convertInWorker(markdown: string): ConversionResult {
  try {
    return { ok: true, richText: convertMarkdown(markdown) };
  } catch (error) {
    // A stack overflow in the parser means the same as our depth limit: nested too deeply.
    if (error instanceof MarkdownTooDeepError || error instanceof RangeError) return { ok: false, reason: 'too-deep' };
    throw error;
  }
}

const CONTAINER_MARKER = /^[ \t]{0,3}(?:>|[-+*](?=[ \t]|$)|\d{1,9}[.)](?=[ \t]|$))[ \t]?/;
const THEMATIC_BREAK = /^[ \t]{0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;

/**
 * Quote and list markers that open containers at the start of one line (`> - 1. > …`), counted
 * up to one past the limit. The parser needs time that grows with the square of these (10 KB of
 * `> - ` takes it more than 10 s), so a line with more than `MAX_NESTING` is refused before it
 * parses; deeper nesting built over several lines (by indentation) is cheap and is caught in the
 * tree. A line of `* * *` is a thematic break, not nesting.
 */
function containerMarkers(line: string): number {
  let count = 0;
  let rest = line;
  while (count <= MAX_NESTING && !THEMATIC_BREAK.test(rest)) {
    const marker = CONTAINER_MARKER.exec(rest);
    if (!marker) break;
    count++;
    rest = rest.slice(marker[0].length);
  }
  return count;
}

if (workerData === WORKER_MARK && parentPort) {
  const port = parentPort;
  port.on('message', (markdown: string) => {
    port.postMessage({ type: 'started' } satisfies WorkerMessage);
    port.postMessage({ type: 'done', result: convertInWorker(markdown) } satisfies WorkerMessage);
  });
}

function deeper(depth: number): number {
  if (depth >= MAX_NESTING) throw new MarkdownTooDeepError();
  return depth + 1;
}

function blocks(nodes: ReadonlyArray<RootContent | BlockContent | DefinitionContent>, depth: number): RichTextBlockDto[] {
  const out: RichTextBlockDto[] = [];
  for (const node of nodes) {
    switch (node.type) {
      case 'heading': {
        const children = inlines(node.children, 0);
        if (children.length) out.push({ type: 'heading', depth: node.depth, children });
        break;
      }
      case 'paragraph': {
        const children = inlines(node.children, 0);
        if (children.length) out.push({ type: 'paragraph', children });
        break;
      }
      case 'list': {
        const inner = deeper(depth);
        const items = node.children.map((item) => listItem(item, inner)).filter((item) => item.children.length > 0);
        if (items.length) out.push({ type: 'list', ordered: node.ordered === true, children: items });
        break;
      }
      case 'thematicBreak':
        out.push({ type: 'thematicBreak' });
        break;
      case 'blockquote':
        out.push(...blocks(node.children, deeper(depth)));
        break;
      default:
        // html, code, image-only content, definitions, footnotes, tables …: not part of rich text.
        break;
    }
  }
  return out;
}

function listItem(node: ListItem, depth: number): RichTextListItemDto {
  return { type: 'listItem', children: blocks(node.children, depth) };
}

function inlines(nodes: readonly PhrasingContent[], depth: number): RichTextInlineDto[] {
  const out: RichTextInlineDto[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = out[out.length - 1];
    if (last?.type === 'text') last.value += value;
    else out.push({ type: 'text', value });
  };
  for (const node of nodes) {
    switch (node.type) {
      case 'text':
      case 'inlineCode':
        pushText(node.value);
        break;
      case 'break':
        out.push({ type: 'break' });
        break;
      case 'strong':
      case 'emphasis': {
        const children = inlines(node.children, deeper(depth));
        if (children.length) out.push({ type: node.type, children });
        break;
      }
      case 'link': {
        const children = inlines(node.children, deeper(depth));
        if (children.length) out.push({ type: 'link', url: node.url, children });
        break;
      }
      case 'linkReference':
        for (const child of inlines(node.children, deeper(depth))) {
          if (child.type === 'text') pushText(child.value);
          else out.push(child);
        }
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
