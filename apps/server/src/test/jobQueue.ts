import { sql } from 'drizzle-orm';
import type { Database } from '../platform/db/database';

/**
 * Waits until no job of the queue is waiting or running (pg-boss's own table), so a test can read
 * what the jobs did — mails, audit entries — without guessing a delay.
 */
export async function jobsSettled(db: Database, queue: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = (await db.execute(sql`select count(*)::int as n from pgboss.job where name = ${queue} and state in ('created', 'retry', 'active')`)) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n === 0) return;
    if (Date.now() > deadline) throw new Error(`jobs of ${queue} still waiting after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
