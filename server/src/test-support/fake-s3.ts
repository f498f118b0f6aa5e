import { createHmac } from 'node:crypto';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * A tiny S3 stand-in for the S3-mode tests (path-style addressing): browser POST uploads with the
 * policy and its SigV4 signature checked (key, content type, size range, expiry), PutObject,
 * HeadObject, GetObject, DeleteObject and DeleteObjects. Request signatures of the SDK calls are
 * not checked; objects live in memory.
 */

export interface FakeS3 {
  url: string;
  objects: Map<string, { body: Buffer; contentType?: string; cacheControl?: string }>;
  close(): Promise<void>;
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

function signingKey(secret: string, date: string, region: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), 's3'), 'aws4_request');
}

function xmlError(code: string, message: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;
}

export async function startFakeS3(options: {
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  port?: number;
}): Promise<FakeS3> {
  const objects: FakeS3['objects'] = new Map();
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024, exposeHeadRoutes: false });
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
  await app.register(fastifyMultipart, { limits: { fileSize: 64 * 1024 * 1024 } });
  const bucketPath = `/${options.bucket}`;

  // Browser upload with a presigned POST policy; DeleteObjects (`POST /bucket/?delete`).
  const postToBucket = async (request: FastifyRequest, reply: FastifyReply) => {
    if ((request.query as Record<string, unknown>).delete !== undefined) {
      const xml = (request.body as Buffer).toString('utf8');
      const keys = [...xml.matchAll(/<Key>([^<]*)<\/Key>/g)].map((m) => m[1]!);
      for (const key of keys) objects.delete(key);
      return reply.type('application/xml').send('<?xml version="1.0" encoding="UTF-8"?><DeleteResult></DeleteResult>');
    }
    const fields: Record<string, string> = {};
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        fields[part.fieldname.toLowerCase()] = String(part.value);
        continue;
      }
      const body = await part.toBuffer();
      const policyText = fields.policy ?? '';
      const credential = fields['x-amz-credential'] ?? '';
      const [accessKey, date, region] = credential.split('/');
      const expected = hmac(signingKey(options.secretAccessKey, date ?? '', region ?? ''), policyText).toString('hex');
      if (accessKey !== options.accessKeyId || region !== options.region || fields['x-amz-signature'] !== expected) {
        return reply.code(403).type('application/xml').send(xmlError('SignatureDoesNotMatch', 'bad policy signature'));
      }
      const policy = JSON.parse(Buffer.from(policyText, 'base64').toString('utf8')) as { expiration: string; conditions: unknown[] };
      if (Date.parse(policy.expiration) < Date.now())
        return reply.code(403).type('application/xml').send(xmlError('AccessDenied', 'expired'));
      for (const condition of policy.conditions) {
        if (Array.isArray(condition) && condition[0] === 'content-length-range') {
          if (body.length < Number(condition[1]) || body.length > Number(condition[2])) {
            return reply.code(400).type('application/xml').send(xmlError('EntityTooLarge', 'size outside the policy range'));
          }
        } else if (Array.isArray(condition) && condition[0] === 'eq') {
          const name = String(condition[1]).replace(/^\$/, '').toLowerCase();
          if (fields[name] !== condition[2])
            return reply
              .code(403)
              .type('application/xml')
              .send(xmlError('AccessDenied', `${name} mismatch`));
        } else if (condition && typeof condition === 'object' && !Array.isArray(condition)) {
          for (const [name, value] of Object.entries(condition as Record<string, string>)) {
            if (name === 'bucket' ? value !== options.bucket : fields[name.toLowerCase()] !== value) {
              return reply
                .code(403)
                .type('application/xml')
                .send(xmlError('AccessDenied', `${name} mismatch`));
            }
          }
        }
      }
      objects.set(fields.key!, { body, contentType: fields['content-type'] });
      return reply.code(204).send();
    }
    return reply.code(400).type('application/xml').send(xmlError('InvalidArgument', 'no file'));
  };
  app.post(bucketPath, postToBucket);
  app.post(`${bucketPath}/`, postToBucket);

  const keyOf = (url: string) => decodeURIComponent(url.split('?')[0]!.slice(bucketPath.length + 1));
  const notFound = (reply: FastifyReply, head = false) =>
    head
      ? reply.code(404).send()
      : reply.code(404).type('application/xml').send(xmlError('NoSuchKey', 'The specified key does not exist.'));

  app.put(`${bucketPath}/*`, async (request, reply) => {
    objects.set(keyOf(request.url), {
      body: request.body as Buffer,
      contentType: request.headers['content-type'],
      cacheControl: request.headers['cache-control'] as string | undefined,
    });
    return reply.code(200).header('etag', '"fake"').send();
  });
  app.head(`${bucketPath}/*`, async (request, reply) => {
    const object = objects.get(keyOf(request.url));
    if (!object) return notFound(reply, true);
    return reply
      .code(200)
      .header('content-length', object.body.length)
      .header('content-type', object.contentType ?? 'application/octet-stream')
      .send();
  });
  app.get(`${bucketPath}/*`, async (request, reply) => {
    const object = objects.get(keyOf(request.url));
    if (!object) return notFound(reply);
    return reply
      .code(200)
      .type(object.contentType ?? 'application/octet-stream')
      .send(object.body);
  });
  app.delete(`${bucketPath}/*`, async (request, reply) => {
    objects.delete(keyOf(request.url));
    return reply.code(204).send();
  });

  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('fake S3 is not listening');
  return { url: `http://127.0.0.1:${address.port}`, objects, close: () => app.close() };
}
