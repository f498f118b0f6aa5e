/**
 * The child process of the picture pool (`picture-pool.ts`): processes one picture at a time with
 * `processPicture` and writes the encoded files where the server says (`<out>-<n>`, next to the received file); the
 * answer carries their paths and sizes, not their bytes, so no large message has to be decoded on
 * the server's event loop. Started by the server with `fork`; never run on its own.
 */
import fs from 'node:fs/promises';
import { PictureRejectedError, processPicture, type PictureFormat, type ProcessedFile } from './image.js';

export interface PictureJob {
  file: string;
  format: PictureFormat;
  /** The outputs are written to `<out>-0` (the original), `<out>-1`, … (the renditions). */
  out: string;
}

/** A processed file written to `path` (instead of `data`). */
export type WrittenFile = Omit<ProcessedFile, 'data'> & { path: string };

export interface WrittenPicture {
  format: PictureFormat;
  original: WrittenFile;
  renditions: (WrittenFile & { target: number })[];
}

async function handle(job: PictureJob): Promise<WrittenPicture> {
  const processed = await processPicture(job.file, job.format);
  const write = async <T extends ProcessedFile>({ data, ...rest }: T, index: number) => {
    const path = `${job.out}-${index}`;
    await fs.writeFile(path, data);
    return { ...rest, path };
  };
  return {
    format: processed.format,
    original: await write(processed.original, 0),
    renditions: await Promise.all(processed.renditions.map((r, i) => write(r, i + 1))),
  };
}

process.on('message', (message: { id: number; request: PictureJob }) => {
  const { id, request } = message;
  handle(request).then(
    (result) => process.send?.({ id, ok: true, result, rss: process.memoryUsage.rss() }),
    (error: unknown) =>
      process.send?.({
        id,
        ok: false,
        error:
          error instanceof PictureRejectedError
            ? { name: error.name, message: error.message, reason: error.reason }
            : { name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) },
        rss: process.memoryUsage.rss(),
      }),
  );
});

// The parent went away (a crash, kill -9): do not linger.
process.on('disconnect', () => process.exit(0));
