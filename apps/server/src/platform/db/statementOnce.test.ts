import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, getTableColumns, is, sql } from 'drizzle-orm';
import { integer, jsonb, numeric, PgTable, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { startTestServer, type TestServer } from '../../test/testServer';
import { placeholderSet, sqlOnce, statementOnce } from './statementOnce';

// Statements built once and run with other values, on the database and in transactions (on PGlite
// and on PostgreSQL: the test runs in both passes): each run answers what drizzle's builder would.

const shelves = pgTable('statement_once_shelves', { id: serial('id').primaryKey(), name: text('name').notNull() });
const boxes = pgTable('statement_once_boxes', {
  id: serial('id').primaryKey(),
  shelfId: integer('shelf_id'),
  label: text('label').notNull(),
  weight: numeric('weight', { precision: 12, scale: 3 }),
  tags: jsonb('tags').$type<string[]>(),
  packedAt: timestamp('packed_at', { withTimezone: true, mode: 'date' }),
});

const insertBox = statementOnce((q) =>
  q
    .insert(boxes)
    .values({ shelfId: sql.placeholder('shelfId'), label: sql.placeholder('label'), weight: sql.placeholder('weight'), tags: sql.placeholder('tags'), packedAt: sql.placeholder('packedAt') })
    .returning(),
);
const boxWithShelf = statementOnce((q) =>
  q
    .select({ box: boxes, shelfName: shelves.name })
    .from(boxes)
    .leftJoin(shelves, eq(shelves.id, boxes.shelfId))
    .where(eq(boxes.id, sql.placeholder('id'))),
);
const relabel = statementOnce((q) =>
  q
    .update(boxes)
    .set(placeholderSet(boxes, ['label']))
    .where(and(eq(boxes.id, sql.placeholder('id')), eq(boxes.label, sql.placeholder('was'))))
    .returning({ id: boxes.id }),
);
const heaviest = sqlOnce<{ label: string; weight: string }>(
  () => sql`select label, weight::text as weight from ${boxes} where weight >= ${sql.placeholder('atLeast')} order by weight desc`,
);

describe('statementOnce', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await server.handle.db.execute(sql`create table statement_once_shelves (id serial primary key, name text not null)`);
    await server.handle.db.execute(sql`create table statement_once_boxes (id serial primary key, shelf_id integer, label text not null, weight numeric(12, 3), tags jsonb, packed_at timestamptz)`);
    await server.handle.db.insert(shelves).values({ name: 'Top' });
  });
  afterAll(async () => server?.close());

  it('binds each run’s values and maps rows as the builder does, on the database and in a transaction', async () => {
    const db = server.handle.db;
    const at = new Date(Date.UTC(2026, 10, 29, 9, 30));
    const [first] = await insertBox(db, { shelfId: 1, label: 'Cables', weight: '2.500', tags: ['a', 'b'], packedAt: at });
    expect(first).toEqual({ id: first!.id, shelfId: 1, label: 'Cables', weight: '2.500', tags: ['a', 'b'], packedAt: at });

    const second = await db.transaction(async (tx) => {
      const [row] = await insertBox(tx, { shelfId: null, label: 'Lamps', weight: null, tags: null, packedAt: null });
      return row!;
    });
    expect(second).toMatchObject({ label: 'Lamps', shelfId: null, weight: null, tags: null, packedAt: null });

    // A join's nullable side comes back null, as drizzle's select answers it.
    expect(await boxWithShelf(db, { id: first!.id })).toEqual(await db.select({ box: boxes, shelfName: shelves.name }).from(boxes).leftJoin(shelves, eq(shelves.id, boxes.shelfId)).where(eq(boxes.id, first!.id)));
    expect(await boxWithShelf(db, { id: first!.id })).toEqual([{ box: first, shelfName: 'Top' }]);
    expect(await boxWithShelf(db, { id: second.id })).toEqual([{ box: second, shelfName: null }]);

    // A conditional update changes the row as read, and nothing the second time.
    expect(await relabel(db, { id: first!.id, label: 'Wires', was: 'Cables' })).toEqual([{ id: first!.id }]);
    expect(await db.transaction((tx) => relabel(tx, { id: first!.id, label: 'Ropes', was: 'Cables' }))).toEqual([]);

    expect(await heaviest(db, { atLeast: '1' })).toEqual([{ label: 'Wires', weight: '2.500' }]);
    expect(await heaviest(db, { atLeast: '3' })).toEqual([]);
  });

  // A column whose value drizzle computes itself would be computed once, when a statement is built.
  it('the schema has no column drizzle fills by itself ($defaultFn, $onUpdate), which a statement built once would freeze', async () => {
    const schema = await import('./schema');
    const tables = Object.entries(schema as Record<string, unknown>).flatMap(([name, value]) => (is(value, PgTable) ? [[name, value] as const] : []));
    const computed = tables.flatMap(([name, table]) => Object.entries(getTableColumns(table)).flatMap(([key, column]) => (column.defaultFn || column.onUpdateFn ? [`${name}.${key}`] : [])));
    expect(computed).toEqual([]);
    expect(tables.length).toBeGreaterThan(20);
  });

  it('names a placeholder left without a value', async () => {
    await expect(boxWithShelf(server.handle.db, {})).rejects.toThrow(/placeholder "id"/);
  });
});
