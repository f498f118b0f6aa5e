/**
 * @jest-environment node
 */
// The browser's ALTCHA solution against altcha-lib's own server side: a challenge as the server
// makes it (createChallenge), solved by solveAltcha (here without a Web Worker, as in a browser
// that cannot start one), must verify with verifySolution and with the framework helpers' `verify`,
// which parse the base64 payload VoteInput.altcha carries.
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey as pbkdf2 } from 'altcha-lib/algorithms/pbkdf2';
import { deriveKey as sha } from 'altcha-lib/algorithms/sha';
import { create } from 'altcha-lib/frameworks/fastify';
import type { AltchaChallengeDto, AltchaPayloadDto } from '@erd/shared-contracts';
import { solveAltcha } from '../altcha-solver';

const secret = 'test-hmac-secret';

it.each([
  ['SHA-256', sha, 50],
  ['PBKDF2/SHA-256', pbkdf2, 20],
])('solves a %s challenge so that the server verifies it', async (algorithm, deriveKey, cost) => {
  const challenge = await createChallenge({
    algorithm,
    cost,
    deriveKey,
    keyPrefix: '0',
    hmacSignatureSecret: secret,
    expiresAt: Math.floor(Date.now() / 1000) + 300,
  });
  // As it comes over the wire (the fastify helper adds `configuration`).
  const dto = JSON.parse(JSON.stringify({ configuration: undefined, ...challenge })) as AltchaChallengeDto;

  const encoded = await solveAltcha(dto);
  const payload = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as AltchaPayloadDto;
  expect(Object.keys(payload).sort()).toEqual(['challenge', 'solution']);
  expect(payload.challenge.signature).toBe(challenge.signature);
  expect(typeof payload.solution.counter).toBe('number');

  const result = await verifySolution({
    challenge: payload.challenge as unknown as Parameters<typeof verifySolution>[0]['challenge'],
    solution: payload.solution,
    deriveKey,
    hmacSignatureSecret: secret,
  });
  expect(result.verified).toBe(true);

  const plugin = create({ deriveKey, hmacSignatureSecret: secret });
  const checked = await plugin.verify(encoded, deriveKey, secret);
  expect(checked.error).toBeNull();
});

it('refuses a challenge it cannot solve in the browser', async () => {
  await expect(
    solveAltcha({ parameters: { algorithm: 'ARGON2ID', nonce: '00', salt: '00', cost: 1, keyLength: 32, keyPrefix: '00' } }),
  ).rejects.toThrow(/unsupported algorithm/);
  await expect(solveAltcha({})).rejects.toThrow(/without parameters/);
});
