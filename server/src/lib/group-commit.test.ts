import { createGroupCommit } from './group-commit.js';

/** Group commit: what arrives while a batch is under way goes in the next one; outcomes per item. */

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

test('the first item goes alone at once; what arrives meanwhile goes together in the next batch, in order', async () => {
  const batches: number[][] = [];
  const gates: ReturnType<typeof deferred<void>>[] = [];
  const group = createGroupCommit<number, number>({
    run: async (items) => {
      batches.push(items);
      const gate = deferred<void>();
      gates.push(gate);
      await gate.promise;
      return items.map((x) => x * 10);
    },
    maxBatch: 100,
    concurrency: 1,
  });
  const first = group.add(1);
  await new Promise((r) => setImmediate(r));
  expect(batches).toEqual([[1]]);
  const rest = [2, 3, 4].map((x) => group.add(x));
  await new Promise((r) => setImmediate(r));
  expect(batches).toEqual([[1]]); // one batch under way at a time
  gates[0]!.resolve();
  expect(await first).toBe(10);
  await new Promise((r) => setImmediate(r));
  expect(batches).toEqual([[1], [2, 3, 4]]);
  gates[1]!.resolve();
  expect(await Promise.all(rest)).toEqual([20, 30, 40]);
  expect(group.stats).toEqual({ batches: 2, items: 4 });
});

test('maxBatch and concurrency bound the batches', async () => {
  const sizes: number[] = [];
  let running = 0;
  let most = 0;
  const group = createGroupCommit<number, number>({
    run: async (items) => {
      sizes.push(items.length);
      running += 1;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 5));
      running -= 1;
      return items;
    },
    maxBatch: 3,
    concurrency: 2,
  });
  const all = Array.from({ length: 10 }, (_, i) => group.add(i));
  expect(await Promise.all(all)).toEqual(Array.from({ length: 10 }, (_, i) => i));
  expect(Math.max(...sizes)).toBe(3);
  expect(most).toBe(2);
  expect(sizes.reduce((s, n) => s + n, 0)).toBe(10);
});

test('an Error outcome fails its item only; a failing run fails its whole batch and not the next', async () => {
  let calls = 0;
  const group = createGroupCommit<number, number>({
    run: async (items) => {
      calls += 1;
      if (items.includes(99)) throw new Error('batch failed');
      return items.map((x) => (x < 0 ? new Error(`bad ${x}`) : x));
    },
    maxBatch: 10,
    concurrency: 1,
  });
  const results = await Promise.allSettled([group.add(1), group.add(-2), group.add(3)]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : (r.reason as Error).message))).toEqual([1, 'bad -2', 3]);
  const failed = await Promise.allSettled([group.add(99), group.add(4)]);
  expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected']);
  expect(await group.add(5)).toBe(5);
  expect(calls).toBe(3);
});

test('items sharing a conflict key go in different batches, in arrival order; a later item does not overtake', async () => {
  const batches: string[][] = [];
  const group = createGroupCommit<string, string>({
    run: async (items) => {
      batches.push(items);
      return items;
    },
    maxBatch: 10,
    concurrency: 1,
    conflicts: (item) => item.split('+'),
  });
  await Promise.all(['a', 'b', 'a+c', 'c', 'd', 'a'].map((x) => group.add(x)));
  // 'a+c' waits for 'a'; 'c' must not overtake 'a+c' (they share c); the last 'a' waits for 'a+c'.
  expect(batches).toEqual([['a', 'b', 'd'], ['a+c'], ['c', 'a']]);
});
