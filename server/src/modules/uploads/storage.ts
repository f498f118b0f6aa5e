import fs from 'node:fs/promises';
import path from 'node:path';
import { uploadPaths } from '@erd/shared-contracts/wire';
import { dataPaths, type ServerConfig } from '../../config.js';
import { signUploadPolicy } from './policy.js';

/**
 * Where pictures go (decisions §1: local disk in the embedded default, S3-compatible storage in
 * production). Both implementations answer the same questions; the choice is configuration only
 * (`S3_BUCKET`, see docs/configuration.md).
 *
 * - local: the browser posts to our own `/api/uploads` with fields signed by us (`policy.ts`); the
 *   processed files land in `${DATA_DIR}/uploads/` and are served at `/media/uploads/<name>`.
 * - s3: the browser posts to the bucket with an S3 presigned POST; the processing reads the object
 *   from the bucket when the entry is saved and writes the processed files back (`s3-storage.ts`).
 */

export interface PresignRequest {
  key: string;
  contentType: string;
  clubId: string;
  challengeId: string;
  maxBytes: number;
  expiresAt: Date;
  /** The same limit as seconds from now (S3 signs with the wall clock). */
  ttlSeconds: number;
}

export interface PresignedTarget {
  url: string;
  fields: Record<string, string>;
}

export interface UploadStorage {
  readonly kind: 'local' | 's3';
  /** Upload target and form fields the browser posts (fields first, then `file`). */
  presign(request: PresignRequest): Promise<PresignedTarget>;
  /** Stores a processed file under `name`; answers its public URL. */
  put(name: string, data: Buffer, contentType: string): Promise<string>;
  /** Removes stored files (missing ones are ignored). */
  remove(names: string[]): Promise<void>;
  /**
   * The bytes of a stored file by the public URL `put` answered for it (the share images draw
   * pictures, issue 23); null when the URL is not one of this storage's or the file is gone.
   */
  read(url: string): Promise<Buffer | null>;
  /**
   * S3 mode only: copies the uploaded original of `key` into `file`. Answers its size, null when no
   * object was uploaded, or 'too-large' (nothing copied) when it exceeds `maxBytes`.
   */
  fetchUploaded?(key: string, file: string, maxBytes: number): Promise<number | null | 'too-large'>;
  /** S3 mode only: deletes the uploaded original once processed. */
  removeUploaded?(key: string): Promise<void>;
}

/** `<32 hex>.jpg`, `<32 hex>.w1024.webp`: the only names the local media route serves. */
export const UPLOAD_FILE_NAME = /^[0-9a-f]{32}(?:\.w\d{2,4})?\.(?:jpg|png|gif|webp)$/;

export function createLocalUploadStorage(options: {
  dir: string;
  sign: (request: PresignRequest) => Record<string, string>;
}): UploadStorage {
  const { dir } = options;
  return {
    kind: 'local',
    async presign(request) {
      return { url: uploadPaths.upload, fields: options.sign(request) };
    },
    async put(name, data) {
      if (!UPLOAD_FILE_NAME.test(name)) throw new Error(`invalid upload file name ${name}`);
      await fs.mkdir(dir, { recursive: true });
      const target = path.join(dir, name);
      const temp = `${target}.${process.pid}.${Date.now()}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
      return `${uploadPaths.media}/${name}`;
    },
    async read(url) {
      const name = url.startsWith(`${uploadPaths.media}/`) ? url.slice(uploadPaths.media.length + 1) : '';
      if (!UPLOAD_FILE_NAME.test(name)) return null;
      return fs.readFile(path.join(dir, name)).catch(() => null);
    },
    async remove(names) {
      await Promise.all(names.filter((n) => UPLOAD_FILE_NAME.test(n)).map((n) => fs.rm(path.join(dir, n), { force: true })));
    },
  };
}

/** The storage the configuration asks for (the S3 client is only loaded in S3 mode). */
export async function createUploadStorage(config: ServerConfig, secret: string): Promise<UploadStorage> {
  if (config.s3) {
    const { createS3UploadStorage } = await import('./s3-storage.js');
    return createS3UploadStorage(config.s3);
  }
  return createLocalUploadStorage({ dir: dataPaths(config).uploads, sign: (request) => signUploadPolicy(secret, request) });
}
