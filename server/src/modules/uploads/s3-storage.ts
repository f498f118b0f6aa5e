import { createWriteStream } from 'node:fs';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { createPresignedPost } from '@aws-sdk/s3-presigned-post';
import type { S3Config } from '../../config.js';
import { UPLOAD_FILE_NAME, type UploadStorage } from './storage.js';

/**
 * Uploads in S3-compatible storage (decisions §1, production). The browser posts the picture
 * straight to the bucket with an S3 presigned POST: object `incoming/<key>`, exact key, the declared
 * content type, 1 byte to 10 MB (S3 refuses anything else), valid 30 minutes. When the club saves
 * the entry, the server reads the object back (size checked before reading), processes it like the
 * embedded default, writes the re-encoded original and the renditions to `uploads/<name>` (public,
 * immutable) and deletes the incoming object. The `incoming/` prefix should not be publicly
 * readable, and a lifecycle rule may expire it after a day (unsaved uploads).
 */

const INCOMING = 'incoming/';
const STORED = 'uploads/';
const IMMUTABLE = 'public, max-age=31536000, immutable';

function isMissing(error: unknown): boolean {
  return (
    error instanceof S3ServiceException &&
    (error.name === 'NotFound' || error.name === 'NoSuchKey' || error.$metadata.httpStatusCode === 404)
  );
}

export function createS3UploadStorage(config: S3Config): UploadStorage {
  const client = new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    ...(config.credentials ? { credentials: config.credentials } : {}),
    // Plain bodies with a Content-MD5/CRC only where S3 requires one: what every S3-compatible store understands.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const publicBase = config.publicUrl.replace(/\/+$/, '');

  return {
    kind: 's3',
    async presign(request) {
      const contentType = request.contentType || 'application/octet-stream';
      const post = await createPresignedPost(client, {
        Bucket: config.bucket,
        Key: `${INCOMING}${request.key}`,
        Conditions: [
          ['content-length-range', 1, request.maxBytes],
          ['eq', '$Content-Type', contentType],
        ],
        Fields: { 'Content-Type': contentType },
        Expires: request.ttlSeconds,
      });
      return { url: post.url, fields: post.fields };
    },

    async put(name, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket: config.bucket,
          Key: `${STORED}${name}`,
          Body: data,
          ContentType: contentType,
          CacheControl: IMMUTABLE,
        }),
      );
      return `${publicBase}/${STORED}${name}`;
    },

    async read(url) {
      const prefix = `${publicBase}/${STORED}`;
      const name = url.startsWith(prefix) ? url.slice(prefix.length) : '';
      if (!UPLOAD_FILE_NAME.test(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: `${STORED}${name}` }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async remove(names) {
      if (!names.length) return;
      await client.send(
        new DeleteObjectsCommand({
          Bucket: config.bucket,
          Delete: { Objects: names.map((n) => ({ Key: `${STORED}${n}` })), Quiet: true },
        }),
      );
    },

    async fetchUploaded(key, file, maxBytes) {
      const Key = `${INCOMING}${key}`;
      let size: number;
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket: config.bucket, Key }));
        size = head.ContentLength ?? 0;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      if (size > maxBytes) return 'too-large';
      const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key }));
      if (!(object.Body instanceof Readable)) throw new Error('S3 answered without a body stream');
      let bytes = 0;
      const limit = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          bytes += chunk.length;
          if (bytes > maxBytes) callback(new Error('object larger than announced'));
          else callback(null, chunk);
        },
      });
      await pipeline(object.Body, limit, createWriteStream(file));
      return bytes;
    },

    async removeUploaded(key) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: `${INCOMING}${key}` }));
    },
  };
}
