import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  PICTURE_MAX_BYTES,
  PICTURE_RENDITION_WIDTHS,
  type ImageDto,
  type PresignedPostDto,
  type UploadedPictureDto,
} from '@erd/shared-contracts/wire';
import { dataPaths, type ServerConfig } from '../../config.js';
import type { AppContext, ServiceCall } from '../../context.js';
import type { UploadRow } from '../../db/schema/index.js';
import { CodedError, ForbiddenError } from '../../errors.js';
import { byteLimit } from '../../lib/byte-limit.js';
import { FORMAT_INFO, PictureRejectedError, sniffImageFile, type ProcessedPicture } from './image.js';
import { verifyUploadPolicy } from './policy.js';
import * as repo from './repository.js';

/**
 * Picture uploads (spec §3 presigned upload, decisions §4): a key is issued to a club for one
 * challenge, the file is received (embedded default: our endpoint, streamed to a temporary file with
 * a hard limit; S3 mode: read back from the bucket), judged by its content, re-encoded without
 * metadata with WEBP renditions, and stored. Only then can an entry use the key, once.
 */

type Ctx = Pick<AppContext, 'db' | 'config' | 'now' | 'secret' | 'uploads' | 'pictures' | 'log'>;

/** How long a presigned post can be started (a slow upload may run longer once it started). */
export const UPLOAD_POLICY_TTL_MS = 30 * 60_000;
/** Unused uploads (never saved as an entry) are removed this long after their key expired. */
const STALE_AFTER_MS = 24 * 60 * 60_000;

export const UPLOAD_KEY = /^[0-9a-f]{32}$/;

/**
 * No live upload holds its claim longer than this: the body within the request timeout, the
 * picture waiting for and taking its processing time, then the stored files (30 s). A claim older
 * than that belongs to a server that was killed during the upload, and its key may be uploaded again.
 */
export function uploadClaimStaleMs(config: Pick<ServerConfig, 'httpTimeouts' | 'pictures'>): number {
  return config.httpTimeouts.request + 2 * config.pictures.timeoutMs + 30_000;
}

/** Every file an upload of `key` can have stored (the original in any format, the renditions). */
export function filesOfKey(key: string): string[] {
  return [...Object.values(FORMAT_INFO).map((f) => `${key}.${f.ext}`), ...PICTURE_RENDITION_WIDTHS.map((w) => `${key}.w${w}.webp`)];
}

const claimTimes = (ctx: Pick<Ctx, 'now' | 'config'>) => {
  const now = ctx.now();
  return { now, staleBefore: new Date(now.getTime() - uploadClaimStaleMs(ctx.config)) };
};

const MESSAGES = {
  tooLarge: 'Das Bild ist zu groß (höchstens 10 MB).',
  unsupported: 'Es sind JPEG, PNG, GIF oder WEBP erlaubt.',
  forbidden: 'Die Upload-Berechtigung ist ungültig oder abgelaufen.',
  used: 'Für diese Upload-Berechtigung wurde schon ein Bild hochgeladen.',
} as const;

export const tooLargeError = () => new CodedError(413, 'TooLarge', MESSAGES.tooLarge);
const unsupportedError = (message: string = MESSAGES.unsupported) => new CodedError(415, 'UnsupportedImage', message);

/** Issues a key for one picture of `clubId` in `challengeId` and presigns its upload. */
export async function issueUpload({
  ctx,
  input,
}: ServiceCall<Ctx, { clubId: string; challengeId: string; sub: string; name: string; contentType: string }>): Promise<PresignedPostDto> {
  const key = randomBytes(16).toString('hex');
  const expiresAt = new Date(ctx.now().getTime() + UPLOAD_POLICY_TTL_MS);
  await repo.insertUpload(ctx.db, {
    key,
    clubId: input.clubId,
    challengeId: input.challengeId,
    sub: input.sub,
    originalName: input.name,
    declaredContentType: input.contentType,
    expiresAt,
  });
  const data = await ctx.uploads.presign({
    key,
    contentType: input.contentType,
    clubId: input.clubId,
    challengeId: input.challengeId,
    maxBytes: PICTURE_MAX_BYTES,
    expiresAt,
    ttlSeconds: UPLOAD_POLICY_TTL_MS / 1000,
  });
  // Housekeeping on about one call in fifty (awaited: nothing may outlive the request).
  if (Math.random() < 0.02)
    await removeStaleUploads({ ctx }).catch((error: unknown) => ctx.log.warn({ err: error }, 'upload housekeeping failed'));
  return { file: key, data };
}

let incomingSwept = false;

async function tempFile(ctx: Ctx, key: string): Promise<string> {
  const dir = dataPaths(ctx.config).incoming;
  await fs.mkdir(dir, { recursive: true });
  // Once per process: what an upload killed with its server left here (a crash, kill -9).
  if (!incomingSwept) {
    incomingSwept = true;
    await sweepIncoming(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'could not clear old incoming files'));
  }
  return path.join(dir, `${key}.${randomBytes(4).toString('hex')}.part`);
}

/** Removes received files (and processing outputs) older than any live upload. */
export async function sweepIncoming(ctx: Pick<Ctx, 'config'>): Promise<number> {
  const dir = dataPaths(ctx.config).incoming;
  const before = Date.now() - uploadClaimStaleMs(ctx.config);
  let removed = 0;
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    const at = path.join(dir, name);
    const stat = await fs.stat(at).catch(() => null);
    if (stat?.isFile() && stat.mtimeMs < before) {
      await fs.rm(at, { force: true });
      removed++;
    }
  }
  return removed;
}

/** A claim after a killed attempt: its files may be half written; they go before the new attempt. */
async function clearEarlierAttempt(ctx: Ctx, row: UploadRow): Promise<void> {
  if (row.attempts > 1) await ctx.uploads.remove(filesOfKey(row.key));
}

function isTooLarge(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'TooLarge' || code === 'FST_REQ_FILE_TOO_LARGE' || (error as { statusCode?: unknown } | null)?.statusCode === 413;
}

/**
 * The embedded default's upload endpoint: `fields` are the form fields posted before the file. The
 * signature, the expiry and the key's state are checked before a byte of the file is read; the
 * file is then streamed to a temporary file (never more than PICTURE_MAX_BYTES) and processed.
 * Whatever fails, nothing of it is kept and the key cannot be used again.
 */
export async function receiveUpload({
  ctx,
  input,
}: ServiceCall<Ctx, { fields: Record<string, string>; file: Readable }>): Promise<UploadedPictureDto> {
  const check = verifyUploadPolicy(ctx.secret, input.fields, ctx.now());
  if (!check.ok) throw new ForbiddenError(MESSAGES.forbidden, { reason: check.reason });
  const { policy } = check;
  const claimed = await repo.claimUpload(ctx.db, policy.key, policy.clubId, policy.challengeId, claimTimes(ctx));
  if (!claimed) throw new ForbiddenError(MESSAGES.used);
  await clearEarlierAttempt(ctx, claimed);
  const file = await tempFile(ctx, policy.key);
  try {
    const counter = { bytes: 0 };
    try {
      await pipeline(input.file, byteLimit(Math.min(policy.maxBytes, PICTURE_MAX_BYTES), counter, tooLargeError), createWriteStream(file));
    } catch (error) {
      if (isTooLarge(error)) throw tooLargeError();
      throw error;
    }
    if ((input.file as { truncated?: boolean }).truncated) throw tooLargeError();
    const image = await processAndStore(ctx, claimed, file, counter.bytes);
    return { file: policy.key, image };
  } catch (error) {
    await repo.markUploadFailed(ctx.db, policy.key).catch(() => undefined);
    throw error;
  } finally {
    await fs.rm(file, { force: true });
  }
}

function imageDto(stored: { url: string; file: ProcessedPicture['original'] }, renditions: { url: string; width: number }[]): ImageDto {
  return {
    fields: {
      file: { url: stored.url, contentType: stored.file.contentType, width: stored.file.width, height: stored.file.height },
    },
    metadata: { thumbnails: renditions.map((r) => ({ url: r.url, width: r.width, format: 'webp' })) },
  };
}

/** Judges the received file, stores the re-encoded original and the renditions, marks the key ready. */
async function processAndStore(ctx: Ctx, row: UploadRow, file: string, bytes: number): Promise<ImageDto> {
  if (bytes === 0) throw unsupportedError('Die Datei ist leer.');
  const format = await sniffImageFile(file);
  if (!format) throw unsupportedError();
  let processed: ProcessedPicture;
  const started = performance.now();
  try {
    processed = await ctx.pictures.process(file, format);
  } catch (error) {
    if (error instanceof PictureRejectedError) {
      throw error.reason === 'too-many-pixels' ? new CodedError(413, 'TooLarge', error.message) : unsupportedError();
    }
    throw error;
  }
  const originalName = `${row.key}.${processed.original.ext}`;
  const names = [originalName, ...processed.renditions.map((r) => `${row.key}.w${r.target}.webp`)];
  try {
    const [originalUrl, ...renditionUrls] = await Promise.all([
      ctx.uploads.put(originalName, processed.original.data, processed.original.contentType),
      ...processed.renditions.map((r, i) => ctx.uploads.put(names[i + 1]!, r.data, r.contentType)),
    ]);
    const image = imageDto(
      { url: originalUrl!, file: processed.original },
      processed.renditions.map((r, i) => ({ url: renditionUrls[i]!, width: r.width })),
    );
    await repo.markUploadReady(ctx.db, row.key, {
      bytes,
      format,
      width: processed.original.width,
      height: processed.original.height,
      image,
      files: names,
      processedAt: ctx.now(),
    });
    ctx.log.info(
      {
        upload: row.key,
        format,
        bytes,
        width: processed.original.width,
        height: processed.original.height,
        ms: Math.round(performance.now() - started),
      },
      'picture processed',
    );
    return image;
  } catch (error) {
    await ctx.uploads.remove(names).catch(() => undefined);
    throw error;
  }
}

/**
 * The processed upload `key` of this club and challenge, for an entry. In S3 mode the browser posted
 * straight to the bucket, so the first use fetches and processes the object here. Throws 400
 * ValidationError when the key is unknown, foreign, not (successfully) uploaded or already used.
 */
export async function readyUpload({
  ctx,
  input,
}: ServiceCall<Ctx, { key: string; clubId: string; challengeId: string }>): Promise<UploadRow> {
  const notUsable = () => new CodedError(400, 'ValidationError', 'Zu diesem Bild gibt es keinen erfolgreichen Upload.');
  if (!UPLOAD_KEY.test(input.key)) throw notUsable();
  let row = await repo.findUpload(ctx.db, input.key);
  if (!row || row.clubId !== input.clubId || row.challengeId !== input.challengeId || row.participationId) throw notUsable();
  if (row.state === 'issued' && ctx.uploads.fetchUploaded) row = await processFromBucket(ctx, row);
  if (row.state !== 'ready' || !row.image) throw notUsable();
  return row;
}

async function processFromBucket(ctx: Ctx, row: UploadRow): Promise<UploadRow> {
  const storage = ctx.uploads;
  if (!storage.fetchUploaded) return row;
  const claimed = await repo.claimUpload(ctx.db, row.key, row.clubId, row.challengeId, claimTimes(ctx));
  if (!claimed) return (await repo.findUpload(ctx.db, row.key)) ?? row;
  await clearEarlierAttempt(ctx, claimed);
  const file = await tempFile(ctx, row.key);
  try {
    const fetched = await storage.fetchUploaded(row.key, file, PICTURE_MAX_BYTES);
    if (fetched === null) {
      // Not uploaded (yet): the key stays usable.
      await repo.releaseUpload(ctx.db, row.key);
      throw new CodedError(400, 'ValidationError', 'Zu diesem Bild gibt es keinen erfolgreichen Upload.');
    }
    if (fetched === 'too-large') throw tooLargeError();
    await processAndStore(ctx, claimed, file, fetched);
    await storage
      .removeUploaded?.(row.key)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'could not delete the uploaded original'));
    return (await repo.findUpload(ctx.db, row.key)) ?? row;
  } catch (error) {
    if (!(error instanceof CodedError && error.code === 'ValidationError')) {
      await repo.markUploadFailed(ctx.db, row.key).catch(() => undefined);
      await storage.removeUploaded?.(row.key).catch(() => undefined);
    }
    throw error;
  } finally {
    await fs.rm(file, { force: true });
  }
}

export async function consumeUpload(ctx: Pick<AppContext, 'db'>, key: string, participationId: string): Promise<boolean> {
  return repo.consumeUpload(ctx.db, key, participationId);
}

/** Removes the picture files (and the upload record) an entry was made from: a rejected entry's picture goes. */
export async function removeFilesOfParticipation({
  ctx,
  input,
}: ServiceCall<Pick<AppContext, 'db' | 'uploads'>, { participationId: string }>): Promise<number> {
  const rows = await repo.deleteUploadsOfParticipation(ctx.db, input.participationId);
  const files = rows.flatMap((r) => r.files ?? []);
  if (files.length) await ctx.uploads.remove(files);
  return files.length;
}

/** Removes uploads that never became an entry (with their files), a day after their key expired, and old incoming files. */
export async function removeStaleUploads({ ctx }: { ctx: Ctx }): Promise<number> {
  const rows = await repo.deleteStaleUploads(ctx.db, new Date(ctx.now().getTime() - STALE_AFTER_MS));
  // By key, not only the recorded names: an upload killed half-way recorded none.
  const files = rows.flatMap((r) => [...new Set([...(r.files ?? []), ...filesOfKey(r.key)])]);
  if (files.length) await ctx.uploads.remove(files);
  await sweepIncoming(ctx);
  return rows.length;
}
