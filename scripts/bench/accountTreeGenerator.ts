// The tree `npm run bench accounts` measures on: about 1,000,000 accounts below the platform owner,
// generated level by level with generate_series (one INSERT … SELECT per level, never row by row).
import { sql } from 'drizzle-orm';
import type { Database } from '../../apps/server/src/platform/db/database';

export const RESELLERS = 20;
export const COMPANIES = 1_000;
export const DEPARTMENTS_PER_COMPANY = 10;
export const USERS_PER_DEPARTMENT = 50;
/** Reseller 0 gets exactly this many companies, so its subtree is the ~10,000 accounts the move moves. */
export const COMPANIES_OF_MOVED_RESELLER = 10;

const FIRST = ['Anna', 'Ben', 'Clara', 'David', 'Elena', 'Felix', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Katja', 'Lars', 'Mia', 'Noah', 'Olga', 'Paul', 'Rosa', 'Simon', 'Tara', 'Uwe', 'Vera', 'Wim', 'Xenia', 'Yusuf', 'Zoe'];
const LAST = ['Schmidt', 'Novak', 'Rossi', 'Garcia', 'Smith', 'Jansen', 'Kowalski', 'Popescu', 'Ivanova', 'Virtanen', 'Yilmaz', 'Petrov', 'Silva', 'Berg', 'Horvath', 'Dubois', 'Moreau', 'Fischer', 'Weber', 'Meyer', 'Wagner', 'Becker', 'Hoffmann', 'Keller', 'Lang', 'Martin', 'Bernard', 'Laurent', 'Nilsson', 'Larsen', 'Costa', 'Santos', 'Ferreira', 'Lopez', 'Marino', 'Greco', 'Bianchi', 'Kaya', 'Demir', 'Sahin'];
const ADJECTIVE = ['Nordic', 'Blue', 'Bright', 'Alpine', 'Coastal', 'Golden', 'Green', 'Harbor', 'Iron', 'Lunar', 'Metro', 'North', 'Oak', 'Pacific', 'Quantum', 'Red', 'Silver', 'Solar', 'Summit', 'Swift', 'Urban', 'Vertex', 'Western', 'Zenith', 'Crystal', 'Delta', 'Echo', 'Falcon', 'Granite', 'Horizon'];
const NOUN = ['Logistics', 'Systems', 'Foods', 'Energy', 'Media', 'Health', 'Motors', 'Textiles', 'Robotics', 'Labs', 'Finance', 'Retail', 'Travel', 'Studios', 'Pharma', 'Farms', 'Analytics', 'Networks', 'Security', 'Builders', 'Consulting', 'Dynamics', 'Electronics', 'Furniture', 'Games', 'Hotels', 'Insurance', 'Jewels', 'Kitchens', 'Lighting', 'Marine', 'Optics', 'Paper', 'Shipping', 'Tools'];
const SUFFIX = ['Ltd', 'GmbH', 'Inc', 'AG', 'SA'];
const DEPARTMENT = ['Sales', 'Engineering', 'Finance', 'Marketing', 'Support', 'Operations', 'Legal', 'Research', 'Logistics', 'Procurement'];

const textArray = (values: string[]) => sql.raw(`array[${values.map((v) => `'${v}'`).join(',')}]::text[]`);

/** How many accounts the generated tree has. */
export const generatedAccountCount = () => {
  const users = COMPANIES * DEPARTMENTS_PER_COMPANY * USERS_PER_DEPARTMENT;
  return RESELLERS + COMPANIES + COMPANIES * DEPARTMENTS_PER_COMPANY + users * 2;
};

export interface GeneratedTree {
  base: number;
  resellerIds: number[];
  companyId: (index: number) => number;
  departmentId: (index: number) => number;
  userId: (index: number) => number;
}

/**
 * Resellers → companies → departments → users, and one subscription (Product account) per user,
 * below `owner`. Ids are computed, so every level derives its paths from its parent's in SQL.
 */
export async function generateAccountTree(db: Database, owner: { id: number; path: string }): Promise<GeneratedTree> {
  const [{ max }] = ((await db.execute(sql`select coalesce(max(id), 0)::int as max from accounts`)) as unknown as { rows: { max: number }[] }).rows as [{ max: number }];
  const base = Math.ceil((max + 1) / 1000) * 1000;
  const companyBase = base + 100;
  const departmentBase = base + 10_000;
  const userBase = base + 100_000;
  const userCount = COMPANIES * DEPARTMENTS_PER_COMPANY * USERS_PER_DEPARTMENT;
  const subscriptionBase = userBase + userCount;
  const step = async (label: string, query: ReturnType<typeof sql>) => {
    const started = performance.now();
    await db.execute(query);
    console.info(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
  };

  await step(
    `${RESELLERS} resellers`,
    sql`insert into accounts (id, type, parent_id, path, display_name)
        select ${base} + r, 'Reseller', ${owner.id}, ${owner.path} || (${base} + r) || '/', 'Bench Reseller ' || r
          from generate_series(0, ${RESELLERS - 1}) r`,
  );
  await step(
    `${COMPANIES} companies`,
    sql`insert into accounts (id, type, parent_id, path, display_name, views)
        select ${companyBase} + c, 'Company', p.id, p.path || (${companyBase} + c) || '/',
               (${textArray(ADJECTIVE)})[1 + c % ${ADJECTIVE.length}] || ' ' || (${textArray(NOUN)})[1 + (c / ${ADJECTIVE.length}) % ${NOUN.length}] || ' ' || (${textArray(SUFFIX)})[1 + c % ${SUFFIX.length}],
               jsonb_build_object('Company', jsonb_build_object('Values', jsonb_build_object('AccountIdentificator', 'BENCH-' || c, 'Country', 'DE')))
          from generate_series(0, ${COMPANIES - 1}) c
          join accounts p on p.id = ${base} + case when c < ${COMPANIES_OF_MOVED_RESELLER} then 0 else 1 + (c - ${COMPANIES_OF_MOVED_RESELLER}) % ${RESELLERS - 1} end`,
  );
  await step(
    `${COMPANIES * DEPARTMENTS_PER_COMPANY} departments`,
    sql`insert into accounts (id, type, parent_id, path, display_name)
        select ${departmentBase} + (p.id - ${companyBase}) * ${DEPARTMENTS_PER_COMPANY} + k, 'Department', p.id,
               p.path || (${departmentBase} + (p.id - ${companyBase}) * ${DEPARTMENTS_PER_COMPANY} + k) || '/', (${textArray(DEPARTMENT)})[1 + k]
          from accounts p cross join generate_series(0, ${DEPARTMENTS_PER_COMPANY - 1}) k
         where p.id between ${companyBase} and ${companyBase + COMPANIES - 1}`,
  );
  const userName = sql`(${textArray(FIRST)})[1 + n % ${FIRST.length}] || ' ' || (${textArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}]`;
  await step(
    `${userCount} users`,
    sql`insert into accounts (id, type, parent_id, path, display_name)
        select ${userBase} + n, 'User', p.id, p.path || (${userBase} + n) || '/', ${userName}
          from accounts p cross join generate_series(0, ${USERS_PER_DEPARTMENT - 1}) u
          cross join lateral (select (p.id - ${departmentBase}) * ${USERS_PER_DEPARTMENT} + u as n) i
         where p.id between ${departmentBase} and ${departmentBase + COMPANIES * DEPARTMENTS_PER_COMPANY - 1}`,
  );
  await step(
    `${userCount} users' credentials rows`,
    sql`insert into users (account_id, username, email, first_name, last_name)
        select ${userBase} + n, lower(replace(${userName}, ' ', '.')) || '.' || n, 'user' || n || '@bench.example',
               (${textArray(FIRST)})[1 + n % ${FIRST.length}], (${textArray(LAST)})[1 + (n / ${FIRST.length}) % ${LAST.length}]
          from generate_series(0, ${userCount - 1}) n`,
  );
  await step(
    `${userCount} subscriptions`,
    sql`insert into accounts (id, type, parent_id, path, display_name, product_name, views)
        select ${subscriptionBase} + (p.id - ${userBase}), 'Product', p.id, p.path || (${subscriptionBase} + (p.id - ${userBase})) || '/',
               'Skyline Design Studio – ' || p.display_name, 'SKYLINE_DESIGN',
               jsonb_build_object('Product', jsonb_build_object('Values', jsonb_build_object('ProductName', 'SKYLINE_DESIGN', 'Quantity', 1)))
          from accounts p
         where p.id between ${userBase} and ${userBase + userCount - 1}`,
  );
  await step('sequence', sql`select setval(pg_get_serial_sequence('accounts', 'id'), (select max(id) from accounts))`);
  // What autovacuum does in production: statistics for the planner, the GIN pending list flushed.
  await step('vacuum analyze', sql`vacuum analyze accounts`);
  await db.execute(sql`vacuum analyze users`);
  return {
    base,
    resellerIds: Array.from({ length: RESELLERS }, (_, r) => base + r),
    companyId: (index) => companyBase + index,
    departmentId: (index) => departmentBase + index,
    userId: (index) => userBase + index,
  };
}
