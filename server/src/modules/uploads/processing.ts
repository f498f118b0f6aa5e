import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { PICTURE_RENDITION_WIDTHS } from '@erd/shared-contracts/wire';
import type { ServerConfig } from '../../config.js';
import { CodedError } from '../../errors.js';
import type { Logger } from '../../logger.js';
import { PictureRejectedError, processPicture, type PictureFormat, type ProcessedPicture } from './image.js';
import { createPicturePool, PictureWorkerError, PictureWorkerLostError, type PicturePool } from './picture-pool.js';
import type { PictureJob, WrittenFile, WrittenPicture } from './picture-worker.js';

/**
 * Where pictures are processed: in child processes (`picture-pool.ts`) when the server runs its
 * compiled code and `PICTURE_WORKERS` > 0 (the default), in this process otherwise (the test suite
 * runs the TypeScript sources, which a child cannot start; `PICTURE_WORKERS=0`).
 */

export interface PictureProcessor {
  process(file: string, format: PictureFormat): Promise<ProcessedPicture>;
  close(): Promise<void>;
}

/** True when this module runs from its TypeScript source (jest transpiles it to CommonJS). */
const fromSources = typeof __filename !== 'undefined' && __filename.endsWith('.ts');

export function createPictureProcessor(
  config: Pick<ServerConfig, 'pictures' | 'serverRoot'>,
  log: Pick<Logger, 'warn' | 'debug'>,
): PictureProcessor {
  const settings = config.pictures;
  if (settings.workers === 0 || fromSources) {
    return { process: processPicture, close: async () => undefined };
  }
  const pool: PicturePool<PictureJob, WrittenPicture> = createPicturePool({
    script: path.join(config.serverRoot, 'dist/modules/uploads/picture-worker.js'),
    size: settings.workers,
    timeoutMs: settings.timeoutMs,
    queueTimeoutMs: settings.timeoutMs,
    recycleBytes: settings.recycleMb * 1024 * 1024,
    idleMs: settings.idleMs,
    log,
  });
  return {
    async process(file, format) {
      let written: WrittenPicture | null = null;
      const out = `${file}.out-${randomBytes(6).toString('hex')}`;
      try {
        written = await pool.run({ file, format, out });
        // The child wrote the files next to `file`: read them back (off the event loop) and remove them.
        const read = async <T extends WrittenFile>({ path: at, ...rest }: T) => ({ ...rest, data: await fs.readFile(at) });
        return {
          format: written.format,
          original: await read(written.original),
          renditions: await Promise.all(written.renditions.map(read)),
        };
      } catch (error) {
        if (error instanceof PictureWorkerError && error.failure.name === 'PictureRejectedError') {
          throw new PictureRejectedError(error.failure.reason === 'too-many-pixels' ? 'too-many-pixels' : 'unsupported', error.message);
        }
        // A picture that crashes the decoder or keeps it busy past the time limit is not taken.
        if (error instanceof PictureWorkerLostError && error.why === 'busy') {
          throw new CodedError(503, 'Busy', 'Gerade werden viele Bilder verarbeitet. Bitte versuche es gleich noch einmal.');
        }
        if (error instanceof PictureWorkerLostError && error.why !== 'closed') {
          throw new PictureRejectedError('unsupported', 'Die Datei ließ sich nicht verarbeiten.');
        }
        throw error;
      } finally {
        // Also what a child wrote before it failed or was stopped.
        const outputs = written ? [written.original, ...written.renditions].map((w) => w.path) : [];
        for (let i = 0; i <= PICTURE_RENDITION_WIDTHS.length; i++) outputs.push(`${out}-${i}`);
        await Promise.all([...new Set(outputs)].map((at) => fs.rm(at, { force: true })));
      }
    },
    close: () => pool.close(),
  };
}
