/**
 * The front ends' test environment: jsdom, plus what msw's `msw/node` server (the tests' network fake,
 * shared-contracts/src/testing/network.ts) needs from Node: its fetch API (fetch, Request, Response,
 * Headers), streams, text codecs, AbortController and BroadcastChannel. Unlike jest-fixed-jsdom (msw's
 * suggestion), jsdom's own Blob, File, FormData and FileReader stay: the code under test builds
 * forms and reads files with them as in a browser (a Node FormData refuses a jsdom File, jsdom's
 * FileReader a Node Blob). URL is Node's, one class per test file and without createObjectURL (as
 * jsdom's), so that a test that stubs `URL.createObjectURL` changes no other file.
 */
const JSDOMEnvironment = require('jest-environment-jsdom').default;

class WebEnvironment extends JSDOMEnvironment {
  constructor(...args) {
    super(...args);
    class URLOfThisFile extends URL {}
    Object.defineProperties(URLOfThisFile, {
      name: { value: 'URL' },
      createObjectURL: { value: undefined, writable: true, configurable: true },
      revokeObjectURL: { value: undefined, writable: true, configurable: true },
    });
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      ReadableStream,
      WritableStream,
      TransformStream,
      TextEncoder,
      TextDecoder,
      TextEncoderStream,
      TextDecoderStream,
      AbortController,
      AbortSignal,
      BroadcastChannel,
      structuredClone,
      URL: URLOfThisFile,
      URLSearchParams,
    });
  }
}

module.exports = WebEnvironment;
