import { customType, numeric, timestamp } from 'drizzle-orm/pg-core';

// Column types and shapes the domain schemas share.

export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
export const regconfig = customType<{ data: string }>({ dataType: () => 'regconfig' });

export const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** A money amount: numeric, never floating point (DESIGN.md); the row carries its currency. */
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });

/** A unit price (a purchase price, an SRP, a rule's static price): six decimals, finer than any minor unit (DESIGN.md). */
export const unitPrice = (name: string) => numeric(name, { precision: 18, scale: 6 });
