// jsdom lacks these Node globals that react-router needs.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');

// findBy*/waitFor wait up to 5 s instead of 1 s: a lazy chunk's first import in a test file (the share
// kit, 'Meine Teilnahmen') is compiled on demand and took over a second while other suites ran beside
// it (CI's parallel workers, a busy machine), failing a first test now and then. Passing waits are not
// longer for it; the tests' own timeout is 30 s.
require('@testing-library/react').configure({ asyncUtilTimeout: 5_000 });

// The one network fake of the front-end tests (shared-contracts/src/testing/network.ts): an msw server
// per test file that fails a test on a request no route answers or that the server's OpenAPI document
// (docs/openapi.json, generated from its route schemas) does not allow. The same module instances as
// the tests' `@erd/shared-contracts/testing` (one module registry per file).
const { startNetwork, endNetworkTest, stopNetwork } = require('../shared-contracts/src/testing/network.ts');
const { createContractCheck } = require('../shared-contracts/src/testing/contract.ts');

beforeAll(() => startNetwork(createContractCheck(require('../docs/openapi.json'))));
afterEach(() => endNetworkTest());
afterAll(() => stopNetwork());
