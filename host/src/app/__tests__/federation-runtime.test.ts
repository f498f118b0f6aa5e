import path from 'node:path';
import { createRequire } from 'node:module';

// The remotes' `shared` list (config/webpack.mf.cjs): the host must provide an instance of every key,
// or a remote would silently load its own copy (or, here, the first remote load fails).
const require = createRequire(__filename);
const { sharedSingletons } = require('../../../../config/webpack.mf.cjs') as { sharedSingletons: (dir: string) => Record<string, unknown> };

test('the host provides every shared singleton the remotes consume', async () => {
  const { PROVIDED_KEYS } = await import('../remotes/runtime');
  expect([...PROVIDED_KEYS].sort()).toEqual(Object.keys(sharedSingletons(path.resolve(__dirname, '../../..'))).sort());
});
