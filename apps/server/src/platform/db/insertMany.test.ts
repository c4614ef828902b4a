import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { boolean, integer, jsonb, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { startTestServer, type TestServer } from '../../test/testServer';
import { arrayLiteral, insertMany } from './insertMany';

// The batch insert the billing run writes its invoices and lines with: what goes in reads back
// unchanged through drizzle, whatever the text holds.

const probes = pgTable('insert_many_probes', {
  id: serial('id').primaryKey(),
  label: text('label'),
  amount: numeric('amount', { precision: 18, scale: 6 }),
  count: integer('count').notNull(),
  flag: boolean('flag').notNull().default(false),
  costs: jsonb('costs').$type<{ unitPrice: string; note: string }[]>(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }),
});

const awkward = ['plain', '', 'NULL', 'a "quoted" word', 'back\\slash \\" both', '{braces}, commas', 'line\nbreak\ttab', 'Zürich — 東京 🚀', ' spaced '];

describe('insertMany', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.handle.db.execute(sql`create table insert_many_probes (id serial primary key, label text, amount numeric(18, 6), count integer not null,
      flag boolean not null default false, costs jsonb, at timestamptz)`);
  });
  afterAll(async () => server?.close());

  it('writes every value as drizzle would, NULL and awkward text included, and answers the returning columns', async () => {
    const rows = awkward.map((label, i) => ({
      label,
      amount: i % 3 === 0 ? null : `${i}.123456`,
      count: i,
      flag: i % 2 === 0,
      costs: i % 4 === 0 ? null : [{ unitPrice: '1.50', note: label }],
      at: new Date(Date.UTC(2026, 10, i + 1, 12)),
    }));
    const returned = await insertMany(server.handle.db, probes, rows, { id: probes.id, count: probes.count, label: probes.label });
    await insertMany(server.handle.db, probes, [{ label: null, count: 99 }]);
    expect(returned.map((r) => r.count).sort((a, b) => a - b)).toEqual(awkward.map((_, i) => i));
    expect(returned.find((r) => r.count === 3)?.label).toBe(awkward[3]);

    const read = await server.handle.db.select().from(probes).orderBy(probes.count);
    expect(read.slice(0, awkward.length).map(({ id: _id, ...row }) => row)).toEqual(rows);
    // Left out: the column's default; null: NULL, not the text 'NULL'.
    expect(read.at(-1)).toMatchObject({ label: null, flag: false, amount: null, costs: null, at: null, count: 99 });
    expect(read.find((r) => r.count === 2)?.label).toBe('NULL');
  });

  it('refuses rows that differ in their columns rather than write NULL for a default', async () => {
    await expect(insertMany(server.handle.db, probes, [{ count: 1, flag: true }, { count: 2 }])).rejects.toThrow(/leaves out flag/);
  });

  it('does nothing for no rows', async () => {
    expect(await insertMany(server.handle.db, probes, [], { id: probes.id })).toEqual([]);
  });

  it('refuses an array element, which a one-dimensional literal cannot hold', () => {
    expect(arrayLiteral(['a"b', null, 3, true])).toBe('{"a\\"b",NULL,"3",t}');
    expect(() => arrayLiteral([[1, 2] as unknown as number])).toThrow(TypeError);
  });
});
