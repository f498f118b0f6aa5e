import { seal } from '../identity/sealing.js';
import type { MailMessage } from '../mail/mailer.js';
import { jobDataKey, openJobData, sealJobData, type SealedData } from './sealing.js';

/**
 * Job data sealed for the jobs table: it opens with the same app secret and queue name only, a
 * changed byte makes it unopenable, and the stored form shows neither the address nor the code.
 */

const SECRET = 'test-secret';
const key = jobDataKey(SECRET);
const CODE = '482913';
const mail: MailMessage = {
  to: 'erika.musterfrau@example.org',
  subject: 'Dein Bestätigungscode',
  text: `Hallo Erika,\n\n    ${CODE}\n\nGrüße`,
  html: `<p>Hallo Erika,</p><p><b>${CODE}</b></p>`,
  headers: { 'X-Erd': 'Ü' },
};

/** The box with one bit changed at `at` bytes from its start (negative: from its end). */
function flipBit(box: string, at: number): string {
  const raw = Buffer.from(box, 'base64');
  const index = at < 0 ? raw.length + at : at;
  raw[index] = raw[index]! ^ 0x01;
  return raw.toString('base64');
}

test('round trip: what is sealed opens to the same data (umlauts, nested fields)', () => {
  const sealed = sealJobData(key, 'mail', mail);
  expect(sealed).toEqual({ v: 1, box: expect.any(String) });
  expect(openJobData<MailMessage>(key, 'mail', sealed)).toEqual(mail);
  // As pg-boss hands it back: parsed from the jsonb column.
  expect(openJobData<MailMessage>(key, 'mail', JSON.parse(JSON.stringify(sealed)))).toEqual(mail);
});

test('every instance with the same APP_SECRET derives the same key; another secret another key', () => {
  expect(jobDataKey(SECRET)).toHaveLength(32);
  expect(jobDataKey(SECRET).equals(key)).toBe(true);
  expect(jobDataKey('another-secret').equals(key)).toBe(false);
  // A box sealed by one instance opens in another (a fresh key from the same secret).
  expect(openJobData(jobDataKey(SECRET), 'mail', sealJobData(key, 'mail', mail))).toEqual(mail);
});

test('the same data sealed twice gives two different boxes (random IV)', () => {
  const a = sealJobData(key, 'mail', mail);
  const b = sealJobData(key, 'mail', mail);
  expect(a.box).not.toBe(b.box);
  expect(openJobData(key, 'mail', a)).toEqual(openJobData(key, 'mail', b));
});

test('sealed under another app secret: null', () => {
  const sealed = sealJobData(jobDataKey('another-secret'), 'mail', mail);
  expect(openJobData(key, 'mail', sealed)).toBeNull();
});

test('sealed for another queue: null (the queue name is bound to the box)', () => {
  expect(openJobData(key, 'cleanup', sealJobData(key, 'mail', mail))).toBeNull();
  expect(openJobData(key, 'mail', sealJobData(key, 'cleanup', mail))).toBeNull();
});

test('a tampered box: null, wherever the changed bit is (IV, tag, ciphertext)', () => {
  const { box } = sealJobData(key, 'mail', mail);
  for (const at of [0, 11, 12, 27, 28, 40, -1]) {
    expect(openJobData(key, 'mail', { v: 1, box: flipBit(box, at) })).toBeNull();
  }
  // Cut short, extended, emptied, not base64 at all.
  expect(openJobData(key, 'mail', { v: 1, box: box.slice(0, -8) })).toBeNull();
  expect(
    openJobData(key, 'mail', { v: 1, box: Buffer.concat([Buffer.from(box, 'base64'), Buffer.from([0])]).toString('base64') }),
  ).toBeNull();
  expect(openJobData(key, 'mail', { v: 1, box: '' })).toBeNull();
  expect(openJobData(key, 'mail', { v: 1, box: 'garbage' })).toBeNull();
  // The untouched box still opens (the checks above failed for the change, not for the key).
  expect(openJobData(key, 'mail', { v: 1, box })).toEqual(mail);
});

test('not a sealed record: null (unsealed data, another version, wrong types, nothing)', () => {
  const { box } = sealJobData(key, 'mail', mail);
  for (const stored of [mail, { v: 2, box }, { v: '1', box }, { box }, { v: 1 }, { v: 1, box: 42 }, null, undefined, 'text', 7, []]) {
    expect(openJobData(key, 'mail', stored)).toBeNull();
  }
});

test('a box that opens but holds no JSON: null', () => {
  const stored: SealedData = { v: 1, box: seal(key, Buffer.from('not json {', 'utf8'), 'job:mail') };
  expect(openJobData(key, 'mail', stored)).toBeNull();
});

test('the sealed form, as stored, contains neither the address nor the code nor any readable part', () => {
  const stored = JSON.stringify(sealJobData(key, 'mail', mail));
  expect(Object.keys(JSON.parse(stored) as object).sort()).toEqual(['box', 'v']);
  expect(stored).not.toContain('example.org');
  expect(stored).not.toContain('erika');
  expect(stored).not.toContain(CODE);
  expect(stored).not.toContain('Bestätigungscode');
  // Nor in the box's bytes (it is not just an encoding of the data).
  const bytes = Buffer.from((JSON.parse(stored) as SealedData).box, 'base64').toString('latin1');
  expect(bytes).not.toContain('example.org');
  expect(bytes).not.toContain(CODE);
});
