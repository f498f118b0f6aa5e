import { availableParallelism } from 'node:os';
import { inRenderSlot } from './render.js';

describe('inRenderSlot', () => {
  it('runs at most one render per core at a time, all of them in the end, in order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      if (n === 3) throw new Error('a failed render frees its slot');
      return n;
    };
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, n) => inRenderSlot(task(n))));
    expect(most).toBe(Math.min(12, Math.max(1, availableParallelism())));
    expect(started).toEqual(Array.from({ length: 12 }, (_, n) => n));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(11);
    expect(running).toBe(0);
  });
});
