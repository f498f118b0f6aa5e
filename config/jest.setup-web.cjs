// jsdom lacks these Node globals that react-router needs.
const { TextEncoder, TextDecoder } = require('node:util');
Object.assign(globalThis, { TextEncoder, TextDecoder });
require('@testing-library/jest-dom');

// The one network fake of the front-end tests (shared-contracts/src/testing/network.ts): an msw server
// per test file that fails a test on a request no route answers or that the server's OpenAPI document
// (docs/openapi.json, generated from its route schemas) does not allow. The same module instances as
// the tests' `@erd/shared-contracts/testing` (one module registry per file).
const { startNetwork, endNetworkTest, stopNetwork } = require('../shared-contracts/src/testing/network.ts');
const { createContractCheck } = require('../shared-contracts/src/testing/contract.ts');

beforeAll(() => startNetwork(createContractCheck(require('../docs/openapi.json'))));
afterEach(() => endNetworkTest());
afterAll(() => stopNetwork());
