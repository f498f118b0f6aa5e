import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { PICTURE_MAX_BYTES } from '@erd/shared-contracts/wire';
import { isAppError } from '../../errors.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { storedMedia } from '../../test-support/media.js';
import { multipartForm, picture } from '../../test-support/pictures.js';
import { addOperator } from '../operators/service.js';
import { mediaUploadRoutes } from './media.js';

/**
 * `mediaUploadRoutes` (POST /api/operator/media with the contracts' zod answers, issue 27) on its
 * own: a bare server stands in for the challenges' back-office scope (its operator access hook as
 * a signed-in admin, the multipart parser, the error answer of app.ts).
 */

let t: TestApp;
let app: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ now: new Date('2026-06-15T10:00:00Z') });
  const admin = await addOperator({ ctx: t.ctx, input: { email: 'admin@example.org', password: 'Vorstand!Sitzung2026', role: 'admin' } });
  app = Fastify();
  app.setErrorHandler((error, _request, reply) =>
    isAppError(error)
      ? reply.code(error.statusCode).send({ ...error.details, code: error.code, message: error.message })
      : reply.send(error),
  );
  app.decorateRequest('operator', null);
  app.addHook('onRequest', async (request) => {
    request.operator = { id: admin.id, email: admin.email, role: 'admin', passwordChangeRequired: false };
  });
  await app.register(fastifyMultipart, { throwFileSizeLimit: true, limits: { fileSize: PICTURE_MAX_BYTES + 1, files: 1, parts: 6 } });
  await app.register(mediaUploadRoutes, { ctx: t.ctx });
  await app.ready();
}, 180_000);

afterAll(async () => {
  await app?.close();
  await t?.close();
});

const upload = async (file: { name: string; type: string; data: Buffer }) => {
  const form = await multipartForm({}, file);
  return app.inject({ method: 'POST', url: '/api/operator/media', payload: form.payload, headers: form.headers });
};

test('a picture is answered 201 with the ImageDto (its renditions as thumbnails), through the answer schema', async () => {
  const res = await upload({ name: 'Teaser.png', type: 'image/png', data: await picture('png', 1200, 800) });
  expect(res.statusCode).toBe(201);
  const image = res.json<{
    fields: { file: { url: string; contentType: string; width: number; height: number } };
    metadata: { thumbnails: { url: string }[] };
  }>();
  expect(image.fields.file).toMatchObject({
    url: expect.stringMatching(/^\/media\/teaser\./),
    contentType: 'image/png',
    width: 1200,
    height: 800,
  });
  expect(image.metadata.thumbnails.length).toBeGreaterThan(0);
  expect(await storedMedia(t, image.fields.file.url)).not.toBeNull();
});

test('what is no picture is 415 UnsupportedImage; a form without a file 400', async () => {
  const text = await upload({ name: 'bild.png', type: 'image/png', data: Buffer.from('kein Bild') });
  expect(text.statusCode).toBe(415);
  expect(text.json()).toMatchObject({ code: 'UnsupportedImage', message: 'Erlaubt sind JPEG, PNG oder WEBP.', field: 'file' });
  const form = await multipartForm({ note: 'x' }, null);
  const empty = await app.inject({ method: 'POST', url: '/api/operator/media', payload: form.payload, headers: form.headers });
  expect(empty.statusCode).toBe(400);
  expect(empty.json()).toMatchObject({ code: 'ValidationError', message: 'Das Formular enthält keine Datei.' });
});
