import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { openDatabase, type DatabaseHandle } from './db/database';
import { JobRunner, runBounded } from './jobs';

// The job runner (platform/jobs.ts): a batch's jobs run side by side up to the queue's concurrency,
// and a job sent on this node is picked up at once (or at its start time) rather than at the next
// poll — on a real pg-boss over an in-memory database.

const silent = { error: () => undefined, warn: () => undefined, info: () => undefined, debug: () => undefined } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('runBounded', () => {
  it('runs at most `limit` items at once, every item once, in their order', async () => {
    let running = 0;
    let most = 0;
    const started: number[] = [];
    await runBounded([1, 2, 3, 4, 5, 6, 7], 3, async (item) => {
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await sleep(20);
      running -= 1;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(3);
  });

  it('starts nothing after a failure, lets the running ones finish and throws the failure', async () => {
    const done: number[] = [];
    const run = runBounded([1, 2, 3, 4, 5], 2, async (item) => {
      if (item === 1) throw new Error('job 1 failed');
      await sleep(30);
      done.push(item);
    });
    await expect(run).rejects.toThrow('job 1 failed');
    // 2 was already running beside 1 and finishes; 3, 4 and 5 are never started.
    expect(done).toEqual([2]);
  });

  it('with a limit of 1 behaves as one after the other', async () => {
    const order: string[] = [];
    await expect(
      runBounded(['a', 'b', 'c'], 1, async (item) => {
        order.push(item);
        if (item === 'b') throw new Error('b');
      }),
    ).rejects.toThrow('b');
    expect(order).toEqual(['a', 'b']);
  });
});

describe('JobRunner', () => {
  let handle: DatabaseHandle;
  let runner: JobRunner;
  const handled = new Map<string, number>();
  let running = 0;
  let mostRunning = 0;
  /** pg-boss's inserts of jobs, counted on their way to the database. */
  let jobInserts = 0;
  const batches: string[][] = [];

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    const counted: DatabaseHandle = {
      ...handle,
      executeSql: (text, values) => {
        if (/insert into \S+\.(job|job_common)\b/i.test(text)) jobInserts += 1;
        return handle.executeSql(text, values);
      },
    };
    runner = new JobRunner(counted, silent, [
      {
        name: 'test.batch',
        pollingIntervalSeconds: 30,
        batchSize: 10,
        handler: () => Promise.reject(new Error('a queue with a batch handler hands it every batch')),
        async batchHandler(datas) {
          batches.push(datas.map((data) => (data as { id: string }).id));
          for (const data of datas) handled.set((data as { id: string }).id, Date.now());
        },
      },
      {
        name: 'test.exclusive',
        policy: 'exclusive',
        pollingIntervalSeconds: 30,
        batchSize: 10,
        async handler(data) {
          handled.set((data as { id: string }).id, Date.now());
        },
      },
      {
        name: 'test.slow-poll',
        // Polled rarely: a job that is handled quickly was woken, not found by a poll.
        pollingIntervalSeconds: 30,
        batchSize: 10,
        concurrency: 5,
        async handler(data) {
          const { id, workMs } = data as { id: string; workMs?: number };
          running += 1;
          mostRunning = Math.max(mostRunning, running);
          await sleep(workMs ?? 0);
          running -= 1;
          handled.set(id, Date.now());
        },
      },
    ]);
    await runner.start();
  }, 120_000);
  afterAll(async () => {
    await runner?.stop();
    await handle?.close();
  });

  async function handledAt(id: string, timeoutMs: number): Promise<number> {
    const deadline = Date.now() + timeoutMs;
    while (!handled.has(id)) {
      if (Date.now() > deadline) throw new Error(`job ${id} not handled within ${timeoutMs} ms`);
      await sleep(10);
    }
    return handled.get(id)!;
  }

  it('handles a job sent on this node at once, not at the next poll', async () => {
    // The worker's first look happened at start; the next poll is 30 s away.
    await sleep(300);
    const sent = Date.now();
    await runner.send('test.slow-poll', { id: 'now' });
    expect((await handledAt('now', 10_000)) - sent).toBeLessThan(5_000);
  });

  it('handles a job sent for a moment soon at that moment', async () => {
    const startAfter = new Date(Date.now() + 1_500);
    await runner.send('test.slow-poll', { id: 'soon' }, { startAfter });
    const at = await handledAt('soon', 15_000);
    expect(at).toBeGreaterThanOrEqual(startAfter.getTime());
    expect(at - startAfter.getTime()).toBeLessThan(5_000);
  });

  it("runs a batch's jobs side by side, up to the queue's concurrency", async () => {
    mostRunning = 0;
    const ids = Array.from({ length: 10 }, (_, i) => `batch-${i}`);
    // Sent before the worker looks (one wake-up for all): they arrive in one or two batches.
    await Promise.all(ids.map((id) => runner.send('test.slow-poll', { id, workMs: 400 })));
    const started = Date.now();
    for (const id of ids) await handledAt(id, 20_000);
    expect(mostRunning).toBeGreaterThan(1);
    expect(mostRunning).toBeLessThanOrEqual(5);
    // One after the other would take 10 × 400 ms.
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('sends the jobs sent at once in fewer inserts than jobs, each handled once, with its start and key', async () => {
    await sleep(300);
    const before = jobInserts;
    const ids = Array.from({ length: 30 }, (_, i) => `together-${i}`);
    await Promise.all(ids.map((id) => runner.send('test.slow-poll', { id })));
    for (const id of ids) await handledAt(id, 20_000);
    // The first goes alone; the ones sent while it was on its way go together.
    expect(jobInserts - before).toBeLessThan(ids.length / 2);
    const startAfter = new Date(Date.now() + 1_000);
    await Promise.all([1, 2, 3].map((n) => runner.send('test.exclusive', { id: `keyed-${n}` }, { startAfter, singletonKey: `key-${n}` })));
    const { rows } = (await handle.executeSql(`select data ->> 'id' as id, singleton_key, start_after from pgboss.job where data ->> 'id' like 'keyed-%' order by 1`)) as {
      rows: { id: string; singleton_key: string; start_after: Date }[];
    };
    expect(rows.map((row) => [row.id, row.singleton_key, new Date(row.start_after).getTime()])).toEqual([1, 2, 3].map((n) => [`keyed-${n}`, `key-${n}`, startAfter.getTime()]));
    for (const n of [1, 2, 3]) expect(await handledAt(`keyed-${n}`, 10_000)).toBeGreaterThanOrEqual(startAfter.getTime());
  });

  it('keeps one job per task on an exclusive queue: a second send of a waiting task is refused by the queue (issue 31)', async () => {
    const later = new Date(Date.now() + 3_600_000);
    const live = async (key: string) =>
      ((await handle.executeSql(`select count(*)::int as n from pgboss.job where name = 'test.exclusive' and singleton_key = $1 and state in ('created', 'retry', 'active')`, [key])) as { rows: { n: number }[] }).rows[0]!.n;
    // One after the other, and two in one insert.
    expect(await runner.sendOnce('test.exclusive', { id: 'task-a1' }, { startAfter: later, singletonKey: 'task-a' })).toBe(true);
    expect(await runner.sendOnce('test.exclusive', { id: 'task-a2' }, { startAfter: later, singletonKey: 'task-a' })).toBe(false);
    expect(await live('task-a')).toBe(1);
    const together = await Promise.all(['task-b1', 'task-b2'].map((id) => runner.sendOnce('test.exclusive', { id }, { startAfter: later, singletonKey: 'task-b' })));
    expect(together.filter(Boolean)).toHaveLength(1);
    expect(await live('task-b')).toBe(1);
    // Done, the task may be sent again.
    expect(await runner.sendOnce('test.exclusive', { id: 'task-c1' }, { singletonKey: 'task-c' })).toBe(true);
    await handledAt('task-c1', 10_000);
    await expect.poll(() => live('task-c'), { timeout: 10_000 }).toBe(0);
    expect(await runner.sendOnce('test.exclusive', { id: 'task-c2' }, { singletonKey: 'task-c' })).toBe(true);
    await handledAt('task-c2', 10_000);
    // A key where it would deduplicate nothing, or none where the queue needs one, is a mistake in the code.
    await expect(runner.send('test.slow-poll', { id: 'x' }, { singletonKey: 'x' })).rejects.toThrow('deduplicates nothing');
    await expect(runner.send('test.exclusive', { id: 'y' })).rejects.toThrow('names its task');
  });

  it("hands a queue's batch to its batch handler as one", async () => {
    await sleep(300);
    const ids = Array.from({ length: 6 }, (_, i) => `batched-${i}`);
    await Promise.all(ids.map((id) => runner.send('test.batch', { id })));
    for (const id of ids) await handledAt(id, 20_000);
    const seen = batches.flat();
    expect(seen.filter((id) => id.startsWith('batched-')).sort()).toEqual(ids);
    // Sent together and woken once: one batch (or two, had a poll come between).
    expect(batches.filter((batch) => batch.some((id) => id.startsWith('batched-'))).length).toBeLessThanOrEqual(2);
    expect(Math.max(...batches.map((batch) => batch.length))).toBeGreaterThan(1);
  });
});

describe('JobRunner.stop', () => {
  it('waits for a handler slower than pg-boss’s own wait, and for the failure it reports, before the database closes', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    let started = false;
    let finishedAt = 0;
    const runner = new JobRunner(handle, silent, [
      {
        name: 'test.outlives-stop',
        async handler() {
          started = true;
          // Longer than the 5 s pg-boss waits for running jobs when it stops.
          await sleep(6_000);
          finishedAt = Date.now();
          throw new Error('the vendor went away');
        },
      },
    ]);
    await runner.start();
    await runner.send('test.outlives-stop', {});
    while (!started) await sleep(10);
    await runner.stop();
    const stoppedAt = Date.now();
    // Closing now is safe: without the wait, pg-boss's report of the failure would reach a closed
    // database as an unhandled rejection (which Vitest fails the run on).
    await handle.close();
    expect(finishedAt).toBeGreaterThan(0);
    expect(finishedAt).toBeLessThanOrEqual(stoppedAt);
  }, 60_000);
});
