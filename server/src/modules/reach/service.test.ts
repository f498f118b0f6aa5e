import type { Db } from '../../db/client.js';
import type { Logger } from '../../logger.js';
import { MAX_PENDING, reachChannelOf, reachSettled, reachWriteStats, recordPreview, recordVisit, recordVote } from './service.js';

/**
 * Counting never fails its caller: a database error is a warning (no target in the message) and
 * resolves; while the database lags `MAX_PENDING` counts behind, further counts are dropped with
 * one warning instead of piling up; counts that arrive together share one statement.
 */

const target = { kind: 'entry' as const, challengeId: 'c', participationId: 'p' };

function fakeLog() {
  const lines: { obj: unknown; msg?: string }[] = [];
  const log = ((obj: unknown, msg?: string) => void lines.push({ obj, msg })) as Logger['warn'];
  return { lines, log: { warn: log, error: log, info: () => {}, debug: () => {} } as unknown as Logger };
}

test('a failing database: every record resolves (false), a warning without the target, nothing thrown', async () => {
  const { lines, log } = fakeLog();
  const db = { $client: { query: () => Promise.reject(Object.assign(new Error('connection lost'), { code: '08006' })) } } as unknown as Db;
  const ctx = { db, log, now: () => new Date('2026-06-15T10:00:00Z') };
  await expect(recordVisit({ ctx, input: { target, channel: 'qr' } })).resolves.toBe(false);
  await expect(recordPreview({ ctx, input: { target, channel: 'direct' } })).resolves.toBeUndefined();
  await expect(recordVote({ ctx, input: { challengeId: 'c', participationId: 'p', channel: 'qr' } })).resolves.toBeUndefined();
  expect(lines.map((l) => l.msg)).toEqual([
    'reach: a visits count was not recorded',
    'reach: a previews count was not recorded',
    'reach: a votes count was not recorded',
  ]);
  expect(JSON.stringify(lines.map((l) => l.msg))).not.toMatch(/"p"|"c"/);
  // A clock that throws is caught too.
  const broken = {
    db,
    log,
    now: () => {
      throw new Error('clock');
    },
  };
  await expect(recordVisit({ ctx: broken, input: { target, channel: 'qr' } })).resolves.toBe(false);
});

test('while the database lags MAX_PENDING counts behind, more are dropped (one warning), the rest written in few statements', async () => {
  const { lines, log } = fakeLog();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const statements: number[] = [];
  // A PGlite-like client: the counts' statement takes arrays, the first of them the days.
  const db = {
    $client: {
      query: async (_text: string, values: unknown[][]) => {
        await gate;
        statements.push(values[0]!.length);
        return { rows: values[0]!.map((_, i) => ({ n: i + 1 })) };
      },
    },
  } as unknown as Db;
  const ctx = { db, log, now: () => new Date('2026-06-15T10:00:00Z') };
  const taken = Array.from({ length: MAX_PENDING }, () => recordVisit({ ctx, input: { target, channel: 'qr' } }));
  const dropped = await Promise.all([
    recordVisit({ ctx, input: { target, channel: 'qr' } }),
    recordVisit({ ctx, input: { target, channel: 'qr' } }),
  ]);
  expect(dropped).toEqual([false, false]);
  expect(lines.map((l) => l.msg)).toEqual(['reach: the database lags behind, 1 count(s) dropped']);
  release();
  expect(new Set(await Promise.all(taken))).toEqual(new Set([true]));
  await reachSettled(db);
  expect(statements.reduce((a, b) => a + b, 0)).toBe(MAX_PENDING);
  expect(statements.length).toBeLessThan(MAX_PENDING / 100);
  expect(reachWriteStats(db)).toEqual({ batches: statements.length, items: MAX_PENDING, pending: 0 });
});

test('reachChannelOf: a share channel as it is, anything else direct', () => {
  expect(reachChannelOf('whatsapp')).toBe('whatsapp');
  expect(reachChannelOf('qr')).toBe('qr');
  expect(reachChannelOf(undefined)).toBe('direct');
  expect(reachChannelOf('direct')).toBe('direct');
  expect(reachChannelOf(['qr'])).toBe('direct');
  expect(reachChannelOf('WhatsApp')).toBe('direct');
});
