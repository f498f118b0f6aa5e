import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createContractCheck, type OpenApiDocument } from './contract.js';

/** The contract check of the fake network, on a small document and on the server's own. */

const document: OpenApiDocument = {
  paths: {
    '/api/votes': {
      post: {
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Vote' } } },
        },
      },
    },
    '/api/entries/{challengeId}': {
      get: {
        parameters: [
          { in: 'path', name: 'challengeId', required: true, schema: { type: 'string', minLength: 3 } },
          { in: 'query', name: 'from', required: false, schema: { type: 'integer', minimum: 0 } },
          { in: 'query', name: 'sort', required: false, schema: { type: 'string', enum: ['newest', 'likes'] } },
        ],
      },
    },
    '/api/entries/mine': { get: {} },
    '/results/{file}': { get: {} },
  },
  components: {
    schemas: {
      Vote: {
        type: 'object',
        properties: { challengeId: { type: 'string', minLength: 1 }, via: { type: 'string', enum: ['qr', 'copy'] } },
        required: ['challengeId'],
        additionalProperties: false,
      },
    },
  },
};

const { check } = createContractCheck(document);
const request = (method: string, path: string, body?: unknown, contentType = 'application/json') => ({
  method,
  url: new URL(path, 'http://localhost'),
  contentType: body === undefined ? null : contentType,
  body: body === undefined ? null : typeof body === 'string' ? body : JSON.stringify(body),
});

it('lets a request that matches an operation pass', () => {
  expect(check(request('POST', '/api/votes', { challengeId: 'c-1', via: 'qr' }))).toBeNull();
  expect(check(request('GET', '/api/entries/challenge-1?from=10&sort=likes'))).toBeNull();
  // a literal path wins over a template that also matches it
  expect(check(request('GET', '/api/entries/mine'))).toBeNull();
  expect(check(request('GET', '/results/overall-2026.json'))).toBeNull();
});

it('names a path or method the server does not have', () => {
  expect(check(request('GET', '/api/vote'))).toBe('GET /api/vote: no operation of docs/openapi.json has this path');
  expect(check(request('PUT', '/api/votes', { challengeId: 'c-1' }))).toBe(
    'PUT /api/votes: docs/openapi.json has no PUT for this path (it has POST /api/votes)',
  );
  // a template matches one segment only
  expect(check(request('GET', '/api/entries/challenge-1/more'))).toMatch(/^GET \/api\/entries\/challenge-1\/more: no operation/);
});

it('names a body that fails the requestBody schema (references resolved), or its missing or wrong media type', () => {
  expect(check(request('POST', '/api/votes', { challengeId: 'c-1', via: 'fax' }))).toBe(
    'POST /api/votes: the body does not match the requestBody schema: body/via must be equal to one of the allowed values',
  );
  expect(check(request('POST', '/api/votes', { participationId: 't-1' }))).toMatch(
    /the body does not match the requestBody schema: body must have required property 'challengeId', body must NOT have additional properties/,
  );
  expect(check(request('POST', '/api/votes'))).toBe('POST /api/votes: no body, but the operation requires one (application/json)');
  expect(check(request('POST', '/api/votes', 'challengeId=c-1', 'application/x-www-form-urlencoded'))).toMatch(
    /the body's content type "application\/x-www-form-urlencoded" is not accepted/,
  );
});

it('names path and query values that do not fit, and unknown query parameters', () => {
  expect(check(request('GET', '/api/entries/c1'))).toBe(
    'GET /api/entries/c1 (GET /api/entries/{challengeId}): path parameter challengeId must NOT have fewer than 3 characters',
  );
  expect(check(request('GET', '/api/entries/challenge-1?from=-1'))).toMatch(/query parameter from must be >= 0$/);
  expect(check(request('GET', '/api/entries/challenge-1?size=10'))).toMatch(
    /unknown query parameter "size" \(the operation has from, sort\)$/,
  );
});

it('leaves other origins and paths that are not the server’s alone', () => {
  expect(check({ method: 'POST', url: new URL('https://storage.example/bucket'), body: 'x' })).toBeNull();
  expect(check(request('GET', '/remotes/mf-challenges/mf-manifest.json'))).toBeNull();
});

it('reads the server’s document (docs/openapi.json)', () => {
  const server = JSON.parse(readFileSync(join(__dirname, '../../../docs/openapi.json'), 'utf8')) as OpenApiDocument;
  const contract = createContractCheck(server);
  expect(contract.check(request('POST', '/api/votes', { challengeId: 'challenge-text', participationId: 't-12' }))).toBeNull();
  expect(contract.check(request('POST', '/api/votes', { challengeId: 'challenge-text' }))).toMatch(
    /must have required property 'participationId'/,
  );
});
