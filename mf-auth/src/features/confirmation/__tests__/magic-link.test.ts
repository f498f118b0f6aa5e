import { decodeMagicLink, encodeMagicLink, takeMagicLink } from '../lib/magic-link';

const b64url = (text: string) => Buffer.from(text, 'utf8').toString('base64url');

it('decodes base64url JSON with email and challengeAnswer', () => {
  const value = b64url(JSON.stringify({ email: 'jörg@tsv-eching.example', challengeAnswer: '123456' }));
  expect(decodeMagicLink(value)).toEqual({ email: 'jörg@tsv-eching.example', challengeAnswer: '123456' });
  expect(decodeMagicLink(encodeMagicLink({ email: 'a@b.de', challengeAnswer: '654321' }))).toEqual({
    email: 'a@b.de',
    challengeAnswer: '654321',
  });
});

it.each([
  ['not base64 at all', '%%%'],
  ['not JSON', b64url('hello')],
  ['JSON but not an object', b64url('"text"')],
  ['a field missing', b64url(JSON.stringify({ email: 'a@b.de' }))],
  ['a field not a string', b64url(JSON.stringify({ email: 'a@b.de', challengeAnswer: 123456 }))],
  ['empty', ''],
])('yields nothing for a malformed value (%s)', (_what, value) => {
  expect(decodeMagicLink(value)).toBeNull();
});

it('takes the parameter out of the query string and keeps the others', () => {
  const value = encodeMagicLink({ email: 'a@b.de', challengeAnswer: '123456' });
  expect(takeMagicLink(`?utm=x&MAGIC_LINK=${value}&b=2`)).toEqual({
    link: { email: 'a@b.de', challengeAnswer: '123456' },
    present: true,
    rest: '?utm=x&b=2',
  });
  expect(takeMagicLink('?MAGIC_LINK=kaputt')).toEqual({ link: null, present: true, rest: '' });
  expect(takeMagicLink('?a=1')).toEqual({ link: null, present: false, rest: '?a=1' });
});
