import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { accounts } from './accounts';

// Account imports (issue 17 "Account imports"). The file is kept in chunks so the check and the job
// read it as a stream, never whole; a row group's outcome is recorded in the transaction that creates
// its accounts, so a run killed half-way and started again skips what is done and never duplicates.

export const accountImports = pgTable(
  'account_imports',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** 'CSV' | 'Excel'. */
    format: text('format').notNull(),
    /** Pending, InProgress, Completed, Failed, Cancelled, Error (contracts IMPORT_STATUSES). */
    status: text('status').notNull().default('Pending'),
    parentAccountId: integer('parent_account_id')
      .notNull()
      .references(() => accounts.id),
    creatorAccountId: integer('creator_account_id')
      .notNull()
      .references(() => accounts.id),
    locale: text('locale').notNull().default('en'),
    fileBytes: integer('file_bytes').notNull().default(0),
    scheduleDate: timestamp('schedule_date', { withTimezone: true, mode: 'date' }),
    /** Scheduled with errors: import the groups that pass, leave the others. */
    skipInvalidGroups: boolean('skip_invalid_groups').notNull().default(false),
    rowCount: integer('row_count').notNull().default(0),
    groupCount: integer('group_count').notNull().default(0),
    groupsDone: integer('groups_done').notNull().default(0),
    errorCount: integer('error_count').notNull().default(0),
    importedCount: integer('imported_count').notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('account_imports_parent_idx').on(t.parentAccountId, t.id),
    check('account_imports_status_check', sql`${t.status} in ('Pending', 'InProgress', 'Completed', 'Failed', 'Cancelled', 'Error')`),
  ],
);

/** The uploaded file, in order. */
export const accountImportChunks = pgTable(
  'account_import_chunks',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => accountImports.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [primaryKey({ columns: [t.importId, t.seq] })],
);

/** Row-level errors of the last check or run. */
export const accountImportErrors = pgTable(
  'account_import_errors',
  {
    id: serial('id').primaryKey(),
    importId: integer('import_id')
      .notNull()
      .references(() => accountImports.id, { onDelete: 'cascade' }),
    row: integer('row').notNull(),
    column: text('column').notNull(),
    message: text('message').notNull(),
  },
  (t) => [index('account_import_errors_import_idx').on(t.importId, t.row, t.id)],
);

/** A row group the job has finished (imported, or left for its errors): skipped by a re-run. */
export const accountImportGroups = pgTable(
  'account_import_groups',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => accountImports.id, { onDelete: 'cascade' }),
    /** The group's first row number in the file. */
    firstRow: integer('first_row').notNull(),
    /** 'Imported' | 'Refused'. */
    outcome: text('outcome').notNull(),
    accountsCreated: integer('accounts_created').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.importId, t.firstRow] })],
);
