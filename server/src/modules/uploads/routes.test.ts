import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import {
  PICTURE_MAX_BYTES,
  thumbnailUrl,
  type ParticipationDto,
  type PresignedPostDto,
  type UploadedPictureDto,
} from '@erd/shared-contracts/wire';
import { dataPaths } from '../../config.js';
import { participations, uploads } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { createMember, memberHeaders, XSRF, type Member } from '../../test-support/members.js';
import { multipartForm, picture, postUpload } from '../../test-support/pictures.js';
import { seedChallenge, seedClubs, seedYear } from '../../test-support/seed.js';
import { rejectParticipation } from '../moderation/service.js';
import { removeStaleUploads, uploadClaimStaleMs } from './service.js';

/**
 * Picture entries in the embedded default: createpresignedpost → multipart POST to /api/uploads
 * (signed fields, streamed with a hard limit, judged by content, re-encoded without metadata,
 * renditions) → PUT { picture }.
 */

let t: TestApp;
let a: Member;
let b: Member;
let started: Date;

const presignPath = (id: string) => `/api/challenge/particpation/${id}/createpresignedpost`;
const uploadHeaders = { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF };

beforeAll(async () => {
  started = new Date('2026-06-15T10:00:00Z');
  t = await createTestApp({ now: started, env: { RATE_LIMIT_SCALE: '100' } });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 10);
  const dates = (sub: [string, string], vote: [string, string]) => ({
    startDate: sub[0],
    endDate: vote[1],
    startDateSubmission: sub[0],
    endDateSubmission: sub[1],
    startDateVoting: vote[0],
    endDateVoting: vote[1],
  });
  await seedChallenge(t.ctx.db, {
    id: 'pic',
    type: 'bfv-erd-picture-vote',
    dates: dates(['2026-06-10', '2026-06-20'], ['2026-06-21', '2026-06-30']),
  });
  await seedChallenge(t.ctx.db, {
    id: 'pic-voting',
    type: 'bfv-erd-picture-vote',
    dates: dates(['2026-06-01', '2026-06-10'], ['2026-06-11', '2026-06-30']),
  });
  await seedChallenge(t.ctx.db, {
    id: 'text',
    type: 'bfv-erd-text-vote',
    dates: dates(['2026-06-10', '2026-06-20'], ['2026-06-21', '2026-06-30']),
  });
  a = await createMember(t, 'club-1000-m');
  b = await createMember(t, 'club-1000-w');
});
afterAll(() => t.close());

async function presign(member: Member | null, body: unknown = { name: 'bild.jpg', contentType: 'image/jpeg' }, challengeId = 'pic') {
  return t.app.inject({
    method: 'POST',
    url: presignPath(challengeId),
    headers: memberHeaders(member),
    payload: body as Record<string, unknown>,
  });
}

async function presigned(member: Member = a, name = 'bild.jpg', contentType = 'image/jpeg'): Promise<PresignedPostDto> {
  const res = await presign(member, { name, contentType });
  expect(res.statusCode).toBe(200);
  return res.json<PresignedPostDto>();
}

const uploadDir = () => dataPaths(t.config).uploads;
const storedFiles = () =>
  fs.existsSync(uploadDir())
    ? fs
        .readdirSync(uploadDir())
        .filter((f) => !f.startsWith('.'))
        .sort()
    : [];
const incomingFiles = () => (fs.existsSync(dataPaths(t.config).incoming) ? fs.readdirSync(dataPaths(t.config).incoming) : []);
const savePicture = (member: Member, picture: string, challengeId = 'pic') =>
  t.app.inject({ method: 'PUT', url: `/api/challenge/particpation/${challengeId}`, headers: memberHeaders(member), payload: { picture } });

describe('createpresignedpost', () => {
  test('needs a login (401) and the anti-forgery header (403)', async () => {
    expect((await presign(null)).statusCode).toBe(401);
    const noXsrf = await t.app.inject({
      method: 'POST',
      url: presignPath('pic'),
      headers: { authorization: `Bearer ${a.accessToken}` },
      payload: { name: 'a.jpg', contentType: 'image/jpeg' },
    });
    expect(noXsrf.statusCode).toBe(403);
  });

  test('answers the key and a signed form for our own upload endpoint', async () => {
    const post = await presigned();
    expect(post.file).toMatch(/^[0-9a-f]{32}$/);
    expect(post.data.url).toBe('/api/uploads');
    expect(Object.keys(post.data.fields).sort()).toEqual(['Content-Type', 'Policy', 'X-Erd-Signature', 'key']);
    expect(post.data.fields.key).toBe(post.file);
    const policy = JSON.parse(Buffer.from(post.data.fields.Policy!, 'base64url').toString('utf8'));
    expect(policy).toMatchObject({
      key: post.file,
      clubId: 'club-1000-m',
      challengeId: 'pic',
      maxBytes: PICTURE_MAX_BYTES,
      contentType: 'image/jpeg',
    });
    expect(Date.parse(policy.expires) - started.getTime()).toBe(30 * 60_000);
  });

  test('refuses other challenge types, closed windows, bad names and non-image types', async () => {
    expect((await presign(a, undefined, 'text')).json()).toMatchObject({ code: 'ValidationError' });
    expect((await presign(a, undefined, 'pic-voting')).json()).toMatchObject({ code: 'SubmissionClosed' });
    expect((await presign(a, undefined, 'unknown')).statusCode).toBe(404);
    expect((await presign(a, { name: '', contentType: 'image/png' })).statusCode).toBe(400);
    expect((await presign(a, { name: 'x'.repeat(256), contentType: 'image/png' })).statusCode).toBe(400);
    const html = await presign(a, { name: 'seite.html', contentType: 'text/html' });
    expect([html.statusCode, html.json().code]).toEqual([415, 'UnsupportedImage']);
    // An unknown extension gives '' (spec §5): allowed, the content decides.
    expect((await presign(a, { name: 'bild.heic', contentType: '' })).statusCode).toBe(200);
  });
});

describe('upload and processing', () => {
  test('a JPEG with EXIF GPS and orientation: upright, no metadata, WEBP renditions 320/640/1024, served immutable', async () => {
    const source = await picture('jpeg', 1600, 1200, { gps: true, orientation: 6 });
    const sourceMeta = await sharp(source).metadata();
    expect(sourceMeta.exif).toBeDefined();
    expect(sourceMeta.orientation).toBe(6);

    const post = await presigned();
    const started = performance.now();
    const res = await postUpload(t.app, post, { name: 'IMG_0001.jpg', type: 'image/jpeg', data: source }, uploadHeaders);
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(201);
    const { file, image } = res.json<UploadedPictureDto>();
    expect(file).toBe(post.file);
    expect(image.fields.file).toEqual({ url: `/media/uploads/${post.file}.jpg`, contentType: 'image/jpeg', width: 1200, height: 1600 });
    expect(image.metadata?.thumbnails).toEqual([
      { url: `/media/uploads/${post.file}.w320.webp`, width: 320, format: 'webp' },
      { url: `/media/uploads/${post.file}.w640.webp`, width: 640, format: 'webp' },
      { url: `/media/uploads/${post.file}.w1024.webp`, width: 1024, format: 'webp' },
    ]);
    expect(thumbnailUrl(image)).toBe(`/media/uploads/${post.file}.w1024.webp`);
    expect(storedFiles()).toEqual([`${post.file}.jpg`, `${post.file}.w1024.webp`, `${post.file}.w320.webp`, `${post.file}.w640.webp`]);
    expect(incomingFiles()).toEqual([]);

    const original = fs.readFileSync(path.join(uploadDir(), `${post.file}.jpg`));
    const meta = await sharp(original).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(original.includes('Testkamera')).toBe(false);
    expect(original.includes('Musterfrau')).toBe(false);
    for (const width of [320, 640, 1024]) {
      const rendition = await sharp(path.join(uploadDir(), `${post.file}.w${width}.webp`)).metadata();
      expect(rendition).toMatchObject({ format: 'webp', width, height: Math.round((width * 1600) / 1200) });
      expect(rendition.exif).toBeUndefined();
    }

    const served = await t.app.inject({ url: image.metadata!.thumbnails![2]!.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toMatch(/immutable/);
    expect((await t.app.inject({ url: '/media/uploads/..%2Fapp-secret' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/media/uploads/${post.file}.svg` })).statusCode).toBe(404);

    const row = (await t.ctx.db.select().from(uploads).where(eq(uploads.key, post.file)))[0];
    expect(row).toMatchObject({ state: 'ready', format: 'jpeg', bytes: source.length, width: 1200, height: 1600, participationId: null });
    console.log(`1600x1200 JPEG: upload + processing ${Math.round(ms)} ms`);
  });

  test.each([
    ['png', 'image/png', 'bild.png'],
    ['gif', 'image/gif', 'bild.gif'],
    ['webp', 'image/webp', 'bild.webp'],
  ] as const)('a %s is re-encoded in its own format, with the renditions', async (format, type, name) => {
    const post = await presigned(a, name, type);
    const res = await postUpload(t.app, post, { name, type, data: await picture(format, 800, 600) }, uploadHeaders);
    expect(res.statusCode).toBe(201);
    const { image } = res.json<UploadedPictureDto>();
    const ext = format;
    expect(image.fields.file).toMatchObject({ url: `/media/uploads/${post.file}.${ext}`, contentType: type, width: 800, height: 600 });
    // Not enlarged: the 1024 rendition of an 800 px picture is 800 px wide, still marked w1024.
    expect(image.metadata?.thumbnails?.map((th) => th.width)).toEqual([320, 640, 800]);
    expect((await sharp(path.join(uploadDir(), `${post.file}.${ext}`)).metadata()).format).toBe(format);
  });

  test('the content decides: HTML named .jpg with image/jpeg → 415, nothing kept, the key is spent', async () => {
    const before = storedFiles();
    const post = await presigned(a, 'bild.jpg', 'image/jpeg');
    const html = Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>');
    const res = await postUpload(t.app, post, { name: 'bild.jpg', type: 'image/jpeg', data: html }, uploadHeaders);
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: 'UnsupportedImage' });
    expect(storedFiles()).toEqual(before);
    expect(incomingFiles()).toEqual([]);
    expect((await t.ctx.db.select().from(uploads).where(eq(uploads.key, post.file)))[0]?.state).toBe('failed');
    const again = await postUpload(
      t.app,
      post,
      { name: 'bild.jpg', type: 'image/jpeg', data: await picture('jpeg', 100, 100) },
      uploadHeaders,
    );
    expect(again.statusCode).toBe(403);
    expect((await savePicture(a, post.file)).statusCode).toBe(400);
  });

  test('an HTML file behind PNG magic bytes, an SVG, a damaged JPEG and an empty file → 415', async () => {
    const pngMagic = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from('<html><script>x</script></html>'),
    ]);
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
    );
    const jpeg = await picture('jpeg', 400, 300);
    const damaged = Buffer.concat([jpeg.subarray(0, 200), Buffer.alloc(2000, 0x41)]);
    const cases: [string, string, Buffer][] = [
      ['bild.png', 'image/png', pngMagic],
      ['bild.svg', 'image/svg+xml', svg],
      ['bild.jpg', 'image/jpeg', damaged],
      ['leer.jpg', 'image/jpeg', Buffer.alloc(0)],
    ];
    const before = storedFiles();
    for (const [name, type, data] of cases) {
      const post = await presigned(a, name, type === 'image/svg+xml' ? '' : type);
      const res = await postUpload(t.app, post, { name, type, data }, uploadHeaders);
      expect([name, res.statusCode, res.json().code]).toEqual([name, 415, 'UnsupportedImage']);
    }
    expect(storedFiles()).toEqual(before);
  });

  test('more than 40 megapixels → 413 TooLarge', async () => {
    const huge = await sharp({ create: { width: 8000, height: 5100, channels: 3, background: '#3a6' } })
      .png()
      .toBuffer();
    expect(huge.length).toBeLessThan(PICTURE_MAX_BYTES);
    const post = await presigned(a, 'riesig.png', 'image/png');
    const res = await postUpload(t.app, post, { name: 'riesig.png', type: 'image/png', data: huge }, uploadHeaders);
    expect([res.statusCode, res.json().code]).toEqual([413, 'TooLarge']);
  });

  test('exactly 10 MB are accepted, one byte more is not', async () => {
    const jpeg = await picture('jpeg', 640, 480);
    const padded = (size: number) => Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length, 0)]);
    const post = await presigned();
    const ok = await postUpload(t.app, post, { name: 'a.jpg', type: 'image/jpeg', data: padded(PICTURE_MAX_BYTES) }, uploadHeaders);
    expect(ok.statusCode).toBe(201);
    const next = await presigned();
    const tooBig = await postUpload(t.app, next, { name: 'a.jpg', type: 'image/jpeg', data: padded(PICTURE_MAX_BYTES + 1) }, uploadHeaders);
    expect([tooBig.statusCode, tooBig.json().code]).toEqual([413, 'TooLarge']);
    expect(incomingFiles()).toEqual([]);
  });

  test('a body that announces 30 MB → 413 before it is read; nothing kept', async () => {
    const post = await presigned();
    const before = storedFiles();
    const body = await multipartForm(post.data.fields, { name: 'gross.jpg', type: 'image/jpeg', data: Buffer.alloc(30 * 1024 * 1024, 1) });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload: body.payload,
      headers: { ...uploadHeaders, ...body.headers },
    });
    expect([res.statusCode, res.json().code]).toEqual([413, 'TooLarge']);
    expect(res.headers.connection).toBe('close');
    expect(storedFiles()).toEqual(before);
    // The key was not even claimed (refused before the fields were read): a real upload still works.
    const ok = await postUpload(t.app, post, { name: 'klein.jpg', type: 'image/jpeg', data: await picture('jpeg', 64, 64) }, uploadHeaders);
    expect(ok.statusCode).toBe(201);
  });

  test('a 30 MB stream without a length (real HTTP, chunked) is cut at 10 MB → 413 and the connection closed; nothing kept', async () => {
    const post = await presigned();
    const before = storedFiles();
    const head = await multipartForm(post.data.fields, { name: 'gross.jpg', type: 'image/jpeg', data: Buffer.from('MARK') });
    const [prefix, suffix] = head.payload.toString('latin1').split('MARK') as [string, string];
    const base = await t.listen();
    const total = 30 * 1024 * 1024;
    const chunk = Buffer.alloc(256 * 1024, 0xff);
    const rss = process.memoryUsage().rss;
    const outcome = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      const req = http.request(`${base}/api/uploads`, {
        method: 'POST',
        headers: { ...uploadHeaders, ...head.headers, 'transfer-encoding': 'chunked' },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, sent }));
      });
      req.on('error', (error) => (sent > 0 ? undefined : reject(error)));
      req.write(Buffer.from(prefix, 'latin1'));
      const pump = () => {
        while (sent < total) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end(Buffer.from(suffix, 'latin1'));
      };
      pump();
    });
    expect(outcome.status).toBe(413);
    expect(JSON.parse(outcome.body)).toMatchObject({ code: 'TooLarge' });
    // The server answered after about 10 MB (plus what the socket buffers held), not after 30 MB.
    expect(outcome.sent).toBeLessThan(total);
    console.log(`chunked 30 MB upload: answered 413 after ${(outcome.sent / 1024 / 1024).toFixed(1)} MB written by the client`);
    expect(process.memoryUsage().rss - rss).toBeLessThan(40 * 1024 * 1024);
    expect(storedFiles()).toEqual(before);
    expect(incomingFiles()).toEqual([]);
    await t.app.close();
    await t.rebuild();
  });

  test('a forged, altered or expired policy → 403; the form without file → 400', async () => {
    const post = await presigned();
    const data = await picture('jpeg', 64, 64);
    const file = { name: 'a.jpg', type: 'image/jpeg', data };
    const fields = post.data.fields;
    const policy = JSON.parse(Buffer.from(fields.Policy!, 'base64url').toString('utf8'));
    const forged = Buffer.from(JSON.stringify({ ...policy, clubId: 'club-1001-m' })).toString('base64url');
    const other = await presigned(b);
    const variants: Record<string, string>[] = [
      { ...fields, 'X-Erd-Signature': 'x'.repeat(43) },
      { ...fields, Policy: forged },
      { ...fields, key: other.file },
      { ...fields, 'Content-Type': 'text/html' },
      { key: fields.key!, 'Content-Type': fields['Content-Type']! },
    ];
    for (const variant of variants) {
      const res = await postUpload(t.app, post, file, uploadHeaders, variant);
      expect(res.statusCode).toBe(403);
    }
    expect((await postUpload(t.app, post, null, uploadHeaders)).statusCode).toBe(400);
    expect((await postUpload(t.app, post, file, {})).statusCode).toBe(403); // no anti-forgery header

    t.setNow(new Date(started.getTime() + 30 * 60_000 + 1000));
    try {
      const expired = await postUpload(t.app, post, file, uploadHeaders);
      expect(expired.statusCode).toBe(403);
      expect(expired.json()).toMatchObject({ code: 'Forbidden', reason: 'expired' });
    } finally {
      t.setNow(started);
    }
    // Still unused: within the time it works.
    expect((await postUpload(t.app, post, file, uploadHeaders)).statusCode).toBe(201);
  });
});

describe('after a server was killed during an upload', () => {
  test('a claim younger than any live upload stays; an older one may be uploaded again, and its half-written files go first', async () => {
    // Use b's own key: a's keys are spent by the tests above.
    const post = await presigned(b, 'jubel.jpg');
    const key = post.file;
    const source = await picture('jpeg', 1200, 900);
    // The killed attempt: claimed a minute ago, one rendition half written, a part file left behind.
    const killedAt = new Date(t.ctx.now().getTime() - 60_000);
    await t.ctx.db.update(uploads).set({ state: 'receiving', claimedAt: killedAt, attempts: 1 }).where(eq(uploads.key, key));
    fs.mkdirSync(uploadDir(), { recursive: true });
    fs.writeFileSync(path.join(uploadDir(), `${key}.w320.webp`), 'halb');
    const busy = await postUpload(t.app, post, { name: 'jubel.jpg', type: 'image/jpeg', data: source }, uploadHeaders);
    expect(busy.statusCode).toBe(403);

    const stale = new Date(t.ctx.now().getTime() - uploadClaimStaleMs(t.config) - 1000);
    await t.ctx.db.update(uploads).set({ claimedAt: stale }).where(eq(uploads.key, key));
    const again = await postUpload(t.app, post, { name: 'jubel.jpg', type: 'image/jpeg', data: source }, uploadHeaders);
    expect(again.statusCode).toBe(201);
    const [row] = await t.ctx.db.select().from(uploads).where(eq(uploads.key, key));
    expect([row!.state, row!.attempts]).toEqual(['ready', 2]);
    const rendition = fs.readFileSync(path.join(uploadDir(), `${key}.w320.webp`));
    expect((await sharp(rendition).metadata()).width).toBe(320);
    expect(incomingFiles().filter((f) => f.startsWith(key))).toEqual([]);
  });

  test('housekeeping removes unused uploads with every file of their key, and incoming files older than any live upload', async () => {
    const post = await presigned(b, 'alt.jpg');
    const key = post.file;
    const expired = new Date(t.ctx.now().getTime() - 3 * 24 * 60 * 60_000);
    await t.ctx.db.update(uploads).set({ state: 'receiving', claimedAt: expired, expiresAt: expired }).where(eq(uploads.key, key));
    for (const name of [`${key}.jpg`, `${key}.w640.webp`]) fs.writeFileSync(path.join(uploadDir(), name), 'halb');
    const incoming = dataPaths(t.config).incoming;
    fs.mkdirSync(incoming, { recursive: true });
    const old = path.join(incoming, `${key}.abcd1234.part`);
    const fresh = path.join(incoming, `${'f'.repeat(32)}.abcd1234.part`);
    fs.writeFileSync(old, 'x');
    fs.writeFileSync(fresh, 'x');
    const long = (Date.now() - uploadClaimStaleMs(t.config) - 5000) / 1000;
    fs.utimesSync(old, long, long);
    expect(await removeStaleUploads({ ctx: t.ctx })).toBeGreaterThanOrEqual(1);
    expect(storedFiles().filter((f) => f.startsWith(key))).toEqual([]);
    expect(await t.ctx.db.select().from(uploads).where(eq(uploads.key, key))).toEqual([]);
    expect(fs.existsSync(old)).toBe(false);
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });
});

describe('the picture entry', () => {
  test('PUT { picture } with the processed key: unpublished entry with the image; once per club', async () => {
    const post = await presigned(b, 'verein.png', 'image/png');
    expect((await savePicture(b, post.file)).statusCode).toBe(400); // not uploaded yet
    const up = await postUpload(
      t.app,
      post,
      { name: 'verein.png', type: 'image/png', data: await picture('png', 1200, 900) },
      uploadHeaders,
    );
    expect(up.statusCode).toBe(201);
    expect((await savePicture(a, post.file)).statusCode).toBe(400); // another club's key

    const res = await savePicture(b, post.file);
    expect(res.statusCode).toBe(200);
    const entry = res.json<ParticipationDto>();
    expect(entry).toMatchObject({
      sys: { objectTypeId: 'bfv-erd-picture-participation' },
      publishedAt: [],
      fields: { challenge: { id: 'pic' }, club: { sys: { id: 'club-1000-w' } }, votes: 0 },
    });
    expect(entry.fields.image).toEqual(up.json<UploadedPictureDto>().image);
    expect(entry.fields.slogan).toBeUndefined();

    // Once: another upload and PUT → 409; no new key for a club that has an entry.
    expect((await savePicture(b, post.file)).json()).toMatchObject({ code: 'AlreadySubmitted' });
    expect((await presign(b)).json()).toMatchObject({ code: 'AlreadySubmitted' });
    expect(await t.ctx.db.select().from(participations).where(eq(participations.clubId, 'club-1000-w'))).toHaveLength(1);

    // Rejected: the entry and its files go; the club may upload again.
    const files = fs.readdirSync(uploadDir()).filter((f) => f.startsWith(post.file));
    expect(files).toHaveLength(4);
    await rejectParticipation({ ctx: t.ctx, input: { id: entry._id, actor: { operatorId: null, name: 'cli:test' } } });
    expect(fs.readdirSync(uploadDir()).filter((f) => f.startsWith(post.file))).toEqual([]);
    const next = await presigned(b, 'neu.webp', 'image/webp');
    expect(
      (await postUpload(t.app, next, { name: 'neu.webp', type: 'image/webp', data: await picture('webp', 300, 300) }, uploadHeaders))
        .statusCode,
    ).toBe(201);
    expect((await savePicture(b, next.file)).statusCode).toBe(200);
  });

  test('a key can make one entry only, and only in the submission window', async () => {
    const member = await createMember(t, 'club-1001-m');
    const post = await presigned(member);
    expect(
      (await postUpload(t.app, post, { name: 'a.jpg', type: 'image/jpeg', data: await picture('jpeg', 200, 200) }, uploadHeaders))
        .statusCode,
    ).toBe(201);
    t.setNow(new Date('2026-06-21T10:00:00Z'));
    try {
      // (a fresh login: the token of the fixed clock would be expired on another day)
      const late = await createMember(t, 'club-1002-m');
      expect((await presign(late)).json()).toMatchObject({ code: 'SubmissionClosed' });
    } finally {
      t.setNow(started);
    }
    const [first, second] = await Promise.all([savePicture(member, post.file), savePicture(member, post.file)]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 409]);
  });
});
