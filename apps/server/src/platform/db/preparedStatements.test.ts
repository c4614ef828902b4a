import { afterEach, describe, expect, it } from 'vitest';
import pg from 'pg';
import { namePreparedStatements } from './preparedStatements';

// Against the machine's PostgreSQL (DATABASE_URL's server, else 127.0.0.1:5432, as in CI): what a
// connection has prepared is PostgreSQL's own view, pg_prepared_statements.
const serverUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
let client: pg.Client | undefined;

afterEach(async () => {
  await client?.end();
  client = undefined;
});

async function connect(options?: Parameters<typeof namePreparedStatements>[1]): Promise<pg.Client> {
  client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  namePreparedStatements(client, options);
  return client;
}

const preparedTexts = async (connection: pg.Client) =>
  (await connection.query<{ statement: string }>({ text: 'select statement from pg_prepared_statements order by prepare_time' })).rows.map((row) => row.statement);

describe('named prepared statements', () => {
  it('prepares a parameterised statement once on a connection and answers each call from it', async () => {
    const connection = await connect();
    const text = 'select $1::int + 1 as next';
    expect((await connection.query({ text }, [1])).rows).toEqual([{ next: 2 }]);
    expect((await connection.query(text, [41])).rows).toEqual([{ next: 42 }]);
    expect((await connection.query({ text, rowMode: 'array' }, [9])).rows).toEqual([[10]]);
    expect(await preparedTexts(connection)).toEqual([text]);
  });

  it('leaves statements without parameters unnamed, and a name the caller gave as it is', async () => {
    const connection = await connect();
    await connection.query('select 1');
    await connection.query({ text: 'select $1::text as word', name: 'callers_own' }, ['kept']);
    expect(await preparedTexts(connection)).toEqual(['select $1::text as word']);
    const names = (await connection.query<{ name: string }>({ text: 'select name from pg_prepared_statements' })).rows.map((row) => row.name);
    expect(names).toEqual(['callers_own']);
  });

  it('sends statements unnamed once the connection holds as many as it may', async () => {
    const connection = await connect({ maxPerConnection: 2 });
    for (const n of [1, 2, 3]) expect((await connection.query(`select $1::int * ${n} as product`, [2])).rows).toEqual([{ product: 2 * n }]);
    expect(await preparedTexts(connection)).toEqual(['select $1::int * 1 as product', 'select $1::int * 2 as product']);
    // A statement already prepared is still sent by its name.
    expect((await connection.query('select $1::int * 1 as product', [5])).rows).toEqual([{ product: 5 }]);
  });

  it('gives one text the same name on every connection of the process', async () => {
    const first = await connect();
    await first.query('select $1::int as same', [1]);
    const [name] = (await first.query<{ name: string }>({ text: 'select name from pg_prepared_statements' })).rows;
    const second = new pg.Client({ connectionString: serverUrl });
    await second.connect();
    try {
      namePreparedStatements(second);
      await second.query('select $1::int as same', [2]);
      expect((await second.query<{ name: string }>({ text: 'select name from pg_prepared_statements' })).rows).toEqual([name]);
    } finally {
      await second.end();
    }
  });
});
