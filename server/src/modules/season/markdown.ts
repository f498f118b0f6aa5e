import path from 'node:path';
import { Piscina } from 'piscina';
import { withSafeLinks, type RichTextDto } from '@erd/shared-contracts/wire';
import { CodedError, ValidationError } from '../../errors.js';
import { convertMarkdown, MarkdownTooDeepError, MAX_NESTING, type ConversionResult } from './markdown-convert.js';

/**
 * Markdown → the contracts' `RichTextDto` (`markdown-convert.ts` says what is kept), with every
 * link checked by the contracts' one link rule (`contentLinkHref`: site paths, https, mailto).
 *
 * The parser (micromark) needs time that grows faster than the text for some inputs (measured
 * for issue 22: 50 KB of `*a` 10 s, 100,000 characters of `> ` 27 s) and recursion for nesting.
 * So the back office converts in a worker thread with a time limit (`createMarkdownConverter`):
 * the server keeps answering, and a text that takes too long or nests deeper than
 * `MAX_NESTING` is refused with a German message. The season import (a CLI run on the
 * operator's own files) converts in its own process with `markdownToRichText`.
 */

export const MESSAGES = {
  tooDeep: `Der Text ist zu tief verschachtelt: Listen und Zitate, Hervorhebungen und Links gehen höchstens ${MAX_NESTING} Ebenen ineinander.`,
  tooSlow: 'Der Text lässt sich nicht in vertretbarer Zeit umwandeln. Bitte vereinfache die Formatierung (etwa sehr viele *, _ oder > hintereinander) und versuche es noch einmal.',
  busy: 'Gerade werden viele Texte umgewandelt. Bitte versuche es gleich noch einmal.',
} as const;

/** The longest a conversion may take (a 100,000-character legal text needs well under a second; 2–3 s with both cores busy). */
export const MARKDOWN_TIME_LIMIT_MS = 10_000;

/** Synchronous conversion, in this process (the season import). */
export function markdownToRichText(markdown: string, field = 'markdown'): RichTextDto {
  try {
    return withSafeLinks(convertMarkdown(markdown));
  } catch (error) {
    if (error instanceof MarkdownTooDeepError || error instanceof RangeError) throw new ValidationError(MESSAGES.tooDeep, { field });
    throw error;
  }
}

export interface MarkdownConverter {
  /** Markdown → rich text off the event loop; a German `ValidationError` at `field` when refused, 503 when busy. */
  toRichText(markdown: string, field?: string): Promise<RichTextDto>;
  close(): Promise<void>;
}

/** True when this module runs from its TypeScript source (jest transpiles it to CommonJS). */
const fromSources = typeof __filename !== 'undefined' && __filename.endsWith('.ts');

/**
 * One worker thread (started on first use, ended after a minute idle), a short queue, and a time
 * limit per text counted from the call: a conversion past it ends its thread (piscina terminates
 * it), and the next text gets a new one.
 */
export function createMarkdownConverter({ serverRoot, timeoutMs = MARKDOWN_TIME_LIMIT_MS }: { serverRoot: string; timeoutMs?: number }): MarkdownConverter {
  let pool: Piscina<string, ConversionResult> | null = null;
  const start = () =>
    new Piscina<string, ConversionResult>({
      filename: fromSources
        ? path.join(serverRoot, 'src/modules/season/markdown-convert.ts')
        : path.join(serverRoot, 'dist/modules/season/markdown-convert.js'),
      minThreads: 0,
      maxThreads: 1,
      maxQueue: 8,
      idleTimeout: 60_000,
      // A hostile text may make the parser build a large tree: it ends the thread, not the server.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
  return {
    async toRichText(markdown, field = 'markdown') {
      pool ??= start();
      const signal = AbortSignal.timeout(timeoutMs);
      let result: ConversionResult;
      try {
        result = await pool.run(markdown, { signal });
      } catch (error) {
        if (/queue is at limit/i.test((error as Error | null)?.message ?? '')) throw new CodedError(503, 'Busy', MESSAGES.busy);
        if (signal.aborted || (error as { code?: string } | null)?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ValidationError(MESSAGES.tooSlow, { field });
        throw error;
      }
      if (!result.ok) throw new ValidationError(MESSAGES.tooDeep, { field });
      return withSafeLinks(result.richText);
    },
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}
