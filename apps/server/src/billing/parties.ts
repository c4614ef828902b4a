import { sql } from 'drizzle-orm';
import type { Queryable } from '../platform/db/database';
import { rowsOf } from '../platform/db/rowsOf';
import { isTimeZone } from './calendar';

// The parties of an invoice (issue 15): the payer — a company, or a reseller billed for what its
// customers bought — and its seller, the nearest reseller above it (a vendor for the platform
// owner), with what the invoice needs of each: name, country, VAT id, currency and time zone.

export interface Party {
  id: number;
  path: string;
  type: string;
  name: string;
  country: string | null;
  vatId: string | null;
  /** Street, postal code and city, one per line ('' when the account has none). */
  address: string;
  /** Its billing currency: its own, else its nearest organisation's (customCharges/billingCurrency). */
  currency: string;
  /** Days are counted in it (docs/architecture.md "Billing"): its view's TimeZone, else its country's, else UTC. */
  timeZone: string;
  /** The nearest Reseller above it; null at the top. */
  sellerId: number | null;
  /** Every Reseller above it, nearest first: its seller, its seller's seller … the platform owner (issue 15 "every level of the chain"). */
  resellerIds: number[];
}

/** Where a country's businesses keep their books when the account names no time zone. */
const COUNTRY_TIME_ZONES: Record<string, string> = {
  GB: 'Europe/London', IE: 'Europe/Dublin', PT: 'Europe/Lisbon', DE: 'Europe/Berlin', FR: 'Europe/Paris', NL: 'Europe/Amsterdam',
  BE: 'Europe/Brussels', LU: 'Europe/Luxembourg', AT: 'Europe/Vienna', CH: 'Europe/Zurich', IT: 'Europe/Rome', ES: 'Europe/Madrid',
  SE: 'Europe/Stockholm', NO: 'Europe/Oslo', DK: 'Europe/Copenhagen', FI: 'Europe/Helsinki', PL: 'Europe/Warsaw', CZ: 'Europe/Prague',
  SK: 'Europe/Bratislava', HU: 'Europe/Budapest', RO: 'Europe/Bucharest', BG: 'Europe/Sofia', GR: 'Europe/Athens', TR: 'Europe/Istanbul',
  RU: 'Europe/Moscow', US: 'America/New_York', CA: 'America/Toronto', AU: 'Australia/Sydney', JP: 'Asia/Tokyo', IN: 'Asia/Kolkata',
};

const valuesOf = (row: { type: string; views: Record<string, { Values: Record<string, unknown> }> }) => row.views[row.type]?.Values ?? {};
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

function addressOf(values: Record<string, unknown>): string {
  const place = [text(values.PostalCode), text(values.City)].filter(Boolean).join(' ');
  return [text(values.Street), place || null].filter(Boolean).join('\n');
}

/** The account as an invoice party, with its seller's id. */
export async function partyOf(db: Queryable, accountId: number): Promise<Party | undefined> {
  return (await partiesOf(db, [accountId])).get(accountId);
}

type LineageRow = { id: number; type: string; path: string; name: string; views: Record<string, { Values: Record<string, unknown> }> };

/** The accounts as invoice parties (a billing batch's payers), read in one statement; unknown ids are left out. */
export async function partiesOf(db: Queryable, accountIds: readonly number[]): Promise<Map<number, Party>> {
  const parties = new Map<number, Party>();
  if (accountIds.length === 0) return parties;
  // The accounts and everything above them (each path lists their ids: `/1/57/1203/`).
  const rows = await rowsOf<LineageRow>(
    db,
    sql`select a.id, a.type, a.path, a.display_name as name, a.views from accounts a
        where a.id in (select unnest(string_to_array(trim(both '/' from path), '/')::int[]) from accounts where id = any(${sql.param([...accountIds])}::int[]))`,
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  for (const id of accountIds) {
    const own = byId.get(id);
    if (!own) continue;
    const lineage = own.path.split('/').filter(Boolean).map(Number).flatMap((above) => byId.get(above) ?? []);
    parties.set(id, partyFromLineage(lineage.reverse()));
  }
  return parties;
}

/** A party from its account and those above it, nearest first. */
function partyFromLineage(nearestFirst: readonly LineageRow[]): Party {
  const own = nearestFirst[0]!;
  const values = valuesOf(own);
  const country = text(values.Country);
  const zone = text(values.TimeZone);
  const resellerIds = nearestFirst.slice(1).flatMap((row) => (row.type === 'Reseller' ? [row.id] : []));
  const currency = nearestFirst.map((row) => text(valuesOf(row).Currency)).find((c) => c !== null && /^[A-Z]{3}$/.test(c));
  return {
    id: own.id,
    path: own.path,
    type: own.type,
    name: own.name,
    country,
    vatId: text(values.VatNumber),
    address: addressOf(values),
    currency: currency ?? 'EUR',
    timeZone: zone && isTimeZone(zone) ? zone : (country && COUNTRY_TIME_ZONES[country]) || 'UTC',
    sellerId: resellerIds[0] ?? null,
    resellerIds,
  };
}
