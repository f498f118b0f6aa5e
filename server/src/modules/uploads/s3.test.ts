import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import type { ParticipationDto, PresignedPostDto } from '@erd/shared-contracts/wire';
import { uploads } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../test-support/app.js';
import { startFakeS3, type FakeS3 } from '../../test-support/fake-s3.js';
import { createMember, memberHeaders, XSRF, type Member } from '../../test-support/members.js';
import { picture } from '../../test-support/pictures.js';
import { seedChallenge, seedClubs, seedYear, voteDates } from '../../test-support/seed.js';
import { rejectParticipation } from '../moderation/service.js';

/**
 * S3 mode (S3_BUCKET & co.): createpresignedpost answers a real S3 presigned POST (checked by a
 * stand-in S3 that verifies the policy signature and conditions), the browser posts to the bucket,
 * and saving the entry reads the object back, processes it and stores the results in the bucket.
 */

const S3 = { bucket: 'erd-uploads', accessKeyId: 'AKIDTEST', secretAccessKey: 'test-secret-key', region: 'eu-central-1' };
let s3: FakeS3;
let t: TestApp;
let members: Member[];

beforeAll(async () => {
  s3 = await startFakeS3(S3);
  t = await createTestApp({
    now: new Date(),
    env: {
      RATE_LIMIT_SCALE: '100',
      S3_BUCKET: S3.bucket,
      S3_REGION: S3.region,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: S3.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3.secretAccessKey,
      S3_PUBLIC_URL: 'https://cdn.example.org',
    },
  });
  await seedYear(t.ctx.db);
  await seedClubs(t.ctx.db, 10);
  // Open for submissions whatever today is (real clock: S3 signs with it).
  await seedChallenge(t.ctx.db, {
    id: 'pic',
    type: 'bfv-erd-picture-vote',
    dates: voteDates(['2000-01-01', '2999-12-30'], ['2999-12-31', '2999-12-31']),
  });
  members = [
    await createMember(t, 'club-1000-m'),
    await createMember(t, 'club-1000-w'),
    await createMember(t, 'club-1001-m'),
    await createMember(t, 'club-1001-w'),
  ];
});
afterAll(async () => {
  await t.close();
  await s3.close();
});

async function presign(member: Member, name = 'bild.jpg', contentType = 'image/jpeg'): Promise<PresignedPostDto> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/challenge/particpation/pic/createpresignedpost',
    headers: memberHeaders(member),
    payload: { name, contentType },
  });
  expect(res.statusCode).toBe(200);
  return res.json<PresignedPostDto>();
}

/** What the browser does with the answer: fields first, then the file, to data.url. */
async function browserUpload(post: PresignedPostDto, data: Buffer, type = 'image/jpeg'): Promise<number> {
  const form = new FormData();
  for (const [key, value] of Object.entries(post.data.fields)) form.append(key, value);
  form.append('file', new Blob([new Uint8Array(data)], { type }), 'bild');
  const res = await fetch(post.data.url, { method: 'POST', body: form });
  return res.status;
}

const save = (member: Member, picture: string) =>
  t.app.inject({ method: 'PUT', url: '/api/challenge/particpation/pic', headers: memberHeaders(member), payload: { picture } });

test('a real S3 presigned POST: bucket URL, policy with key, type and size range, SigV4 fields', async () => {
  const post = await presign(members[0]!);
  expect(post.file).toMatch(/^[0-9a-f]{32}$/);
  expect(post.data.url).toBe(`${s3.url}/${S3.bucket}`);
  expect(post.data.fields).toMatchObject({
    key: `incoming/${post.file}`,
    'Content-Type': 'image/jpeg',
    'X-Amz-Algorithm': 'AWS4-HMAC-SHA256',
    'X-Amz-Credential': expect.stringMatching(/^AKIDTEST\/\d{8}\/eu-central-1\/s3\/aws4_request$/),
  });
  const policy = JSON.parse(Buffer.from(post.data.fields.Policy!, 'base64').toString('utf8'));
  expect(policy.conditions).toEqual(
    expect.arrayContaining([
      ['content-length-range', 1, 10 * 1024 * 1024],
      ['eq', '$Content-Type', 'image/jpeg'],
      { key: `incoming/${post.file}` },
    ]),
  );
  // The local endpoint and media route are not there in S3 mode.
  expect(
    (await t.app.inject({ method: 'POST', url: '/api/uploads', headers: { cookie: `XSRF-TOKEN=${XSRF}`, 'x-xsrf-token': XSRF } }))
      .statusCode,
  ).toBe(404);
});

test('upload to the bucket, then PUT { picture }: processed from the bucket, results stored there, the original deleted', async () => {
  const member = members[0]!;
  const post = await presign(member);
  // Not uploaded yet: 400, the key stays usable.
  expect((await save(member, post.file)).statusCode).toBe(400);
  expect(await browserUpload(post, await picture('jpeg', 1600, 1200, { gps: true, orientation: 6 }))).toBe(204);
  expect(s3.objects.has(`incoming/${post.file}`)).toBe(true);

  const res = await save(member, post.file);
  expect(res.statusCode).toBe(200);
  const entry = res.json<ParticipationDto>();
  const image = entry.fields.image!;
  expect(image.fields.file).toEqual({
    url: `https://cdn.example.org/uploads/${post.file}.jpg`,
    contentType: 'image/jpeg',
    width: 1200,
    height: 1600,
  });
  expect(image.metadata?.thumbnails?.map((th) => th.url)).toEqual(
    [320, 640, 1024].map((w) => `https://cdn.example.org/uploads/${post.file}.w${w}.webp`),
  );
  expect(s3.objects.has(`incoming/${post.file}`)).toBe(false);
  const stored = s3.objects.get(`uploads/${post.file}.jpg`)!;
  expect(stored.contentType).toBe('image/jpeg');
  expect(stored.cacheControl).toMatch(/immutable/);
  expect((await sharp(stored.body).metadata()).exif).toBeUndefined();
  expect((await sharp(s3.objects.get(`uploads/${post.file}.w1024.webp`)!.body).metadata()).width).toBe(1024);

  // Rejected: the bucket objects go too.
  await rejectParticipation({ ctx: t.ctx, input: { id: entry._id, actor: { operatorId: null, name: 'cli:test' } } });
  expect([...s3.objects.keys()].filter((k) => k.includes(post.file))).toEqual([]);
});

test('S3 refuses a file beyond the policy; an object larger than 10 MB found in the bucket → 413; HTML → 415', async () => {
  const big = Buffer.concat([await picture('jpeg', 64, 64), Buffer.alloc(10 * 1024 * 1024)]);
  const tooBig = await presign(members[1]!);
  expect(await browserUpload(tooBig, big)).toBe(400);

  // Put there some other way (or a store without policy checks): the server checks the size first.
  s3.objects.set(`incoming/${tooBig.file}`, { body: big });
  const res = await save(members[1]!, tooBig.file);
  expect([res.statusCode, res.json().code]).toEqual([413, 'TooLarge']);
  expect(s3.objects.has(`incoming/${tooBig.file}`)).toBe(false);
  expect((await t.ctx.db.select().from(uploads).where(eq(uploads.key, tooBig.file)))[0]?.state).toBe('failed');

  const html = await presign(members[2]!);
  expect(await browserUpload(html, Buffer.from('<html><script>alert(1)</script></html>'))).toBe(204);
  const refused = await save(members[2]!, html.file);
  expect([refused.statusCode, refused.json().code]).toEqual([415, 'UnsupportedImage']);
  expect([...s3.objects.keys()].filter((k) => k.includes(html.file))).toEqual([]);
});

test('a forged policy is refused by S3', async () => {
  const post = await presign(members[3]!);
  const policy = JSON.parse(Buffer.from(post.data.fields.Policy!, 'base64').toString('utf8'));
  policy.conditions = policy.conditions.map((c: unknown) =>
    Array.isArray(c) && c[0] === 'content-length-range' ? ['content-length-range', 1, 1e9] : c,
  );
  const forged = {
    ...post,
    data: { ...post.data, fields: { ...post.data.fields, Policy: Buffer.from(JSON.stringify(policy)).toString('base64') } },
  };
  expect(await browserUpload(forged, await picture('png', 32, 32), 'image/jpeg')).toBe(403);
});
