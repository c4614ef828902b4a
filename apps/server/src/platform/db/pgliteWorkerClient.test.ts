import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgliteWorkerClient } from './pgliteWorkerClient';
import { isUniqueViolation } from './dbErrors';

let client: PgliteWorkerClient;
beforeAll(async () => {
  client = await PgliteWorkerClient.start(undefined);
  await client.exec('create table pets (id int primary key, name text not null, born timestamptz)');
});
afterAll(async () => {
  await client?.close();
});

describe('the embedded database on its own thread (issue 11 item 6)', () => {
  it('keeps the server thread free while a long query runs', async () => {
    let ticks = 0;
    const timer = setInterval(() => (ticks += 1), 5);
    const started = performance.now();
    await client.query('select count(*) from generate_series(1, 1000000) g where g % 7 = 0');
    const elapsed = performance.now() - started;
    clearInterval(timer);
    // On the server's thread the query would hold the event loop: no tick at all until it ends.
    expect(elapsed).toBeGreaterThan(100);
    expect(ticks).toBeGreaterThan(elapsed / 5 / 4);
  });

  it('commits a transaction whose work succeeds and rolls back one whose work throws', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into pets values ($1, $2, $3)', [1, 'Rex', '2020-01-02T03:04:05Z']);
    });
    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into pets values ($1, $2, null)', [2, 'Tom']);
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    expect((await client.query<{ id: number }>('select id from pets order by id')).rows).toEqual([{ id: 1 }]);
  });

  it('lets no other statement into a running transaction', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query("update pets set name = 'Rexy' where id = 1");
      await held;
      throw new Error('undo');
    });
    // Sent while the transaction is open: it waits for the rollback and reads the old name.
    const outside = client.query<{ name: string }>('select name from pets where id = 1');
    release();
    await expect(transaction).rejects.toThrow('undo');
    expect((await outside).rows).toEqual([{ name: 'Rex' }]);
  });

  it("passes PostgreSQL's error fields through, so a unique violation is recognised", async () => {
    const error = await client.query('insert into pets values (1, $1, null)', ['Again']).catch((e: unknown) => e);
    expect(isUniqueViolation(error)).toBe(true);
    expect((error as { constraint?: string }).constraint).toBe('pets_pkey');
  });

  it("keeps timestamps as PostgreSQL's text when asked as Drizzle asks, as dates otherwise", async () => {
    const asText = await client.query<{ born: unknown }>('select born from pets where id = 1', [], { rowMode: 'object', parsers: {} });
    expect(typeof asText.rows[0]!.born).toBe('string');
    const asDate = await client.query<{ born: unknown }>('select born from pets where id = 1');
    expect(asDate.rows[0]!.born).toBeInstanceOf(Date);
  });

  it('delivers notifications of LISTEN', async () => {
    const received = new Promise<string>((resolve) => void client.listen('pets_changed', resolve));
    await new Promise((resolve) => setTimeout(resolve, 50));
    await client.query("select pg_notify('pets_changed', 'rex')");
    await expect(received).resolves.toBe('rex');
  });
});
