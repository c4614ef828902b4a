import { bigserial, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * Live-channel events too large for one NOTIFY payload (PostgreSQL's limit is 8,000 bytes): the
 * sending node stores the event here and notifies its id; every node reads it (issue 16 "several
 * nodes"). Rows are short-lived: a publish removes those older than an hour.
 */
export const liveEvents = pgTable('live_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  event: jsonb('event').notNull(),
  createdAt: createdAt(),
});
