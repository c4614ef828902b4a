import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { sql } from 'drizzle-orm';
import { orderRequestSchema, type OrderRequest } from '@cmp/contracts/orders';
import { defineOperation } from '../platform/operations';
import { call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { checkOrderViewValues, loadOrderViewFields } from './orderViewValues';

// The product's view fields of an order (issue 14 "Ordering"), on the demo world: Skyline Mail asks
// for a required Domain (a domain pattern) and a whole number of Mailboxes, Skyline CRM for a Region
// from the Regions enum and an Edition; Nimbus Endpoint has no layout of its own. Played through a
// probe operation, so the refusals are seen as a caller sees them (status and translated message).

const PROBE = 'IOrderViewValuesProbeService/Check';
const probe = defineOperation({
  service: 'IOrderViewValuesProbeService',
  operation: 'Check',
  summary: 'Test probe: checkOrderViewValues for a product.',
  readOnly: true,
  request: z.object({ productName: z.string(), viewValues: orderRequestSchema.shape.viewValues }).strict(),
  response: z.object({ Values: z.record(z.string(), z.unknown()) }),
  async handler(input, { db, locale, caller }) {
    return { Values: await checkOrderViewValues(db, input.productName, input.viewValues, locale, caller) };
  },
});

let server: TestServer;
let cookie: string;
const check = (productName: string, viewValues?: Record<string, unknown>, language = 'en') =>
  call(server.app, PROBE, { productName, ...(viewValues ? { viewValues } : {}) }, { cookie, headers: { 'accept-language': language } });

beforeAll(async () => {
  server = await startTestServer({}, [probe]);
  cookie = await signIn(server.app, 'company.admin');
});
afterAll(async () => {
  await server?.close();
});

describe('checkOrderViewValues', () => {
  it('answers the values cleaned: trimmed text, whole numbers from numeric text, empty values left out', async () => {
    const result = await check('SKYLINE_MAIL', { Domain: '  mail.contoso.example ', Mailboxes: '25' });
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ Values: { Domain: 'mail.contoso.example', Mailboxes: 25 } });
    const withEmpty = await check('SKYLINE_MAIL', { Domain: 'contoso.example', Mailboxes: null });
    expect(withEmpty.body).toEqual({ Values: { Domain: 'contoso.example' } });
    const crm = await check('SKYLINE_CRM', { Region: 'EU', Edition: 'Enterprise' });
    expect(crm.body).toEqual({ Values: { Region: 'EU', Edition: 'Enterprise' } });
    // The cleaned values are what an order request (and the stored order) holds.
    const direct: OrderRequest['viewValues'] = await checkOrderViewValues(server.handle.db, 'SKYLINE_MAIL', { Domain: 'Contoso.example', Mailboxes: 3 }, 'en');
    expect(orderRequestSchema.shape.viewValues.parse(direct)).toEqual({ Domain: 'Contoso.example', Mailboxes: 3 });
  });

  it('accepts a product without fields with no values, and one whose fields are all optional with none', async () => {
    expect((await check('NIMBUS_ENDPOINT')).body).toEqual({ Values: {} });
    expect((await check('NIMBUS_ENDPOINT', {})).body).toEqual({ Values: {} });
    expect((await check('SKYLINE_CRM')).body).toEqual({ Values: {} });
  });

  it.each([
    ['SKYLINE_MAIL', undefined, 'Mail domain is required'],
    ['SKYLINE_MAIL', { Domain: '   ' }, 'Mail domain is required'],
    ['SKYLINE_MAIL', { Domain: 'not a domain' }, 'Mail domain has an invalid format'],
    ['SKYLINE_MAIL', { Domain: 'contoso.example', Mailboxes: '4.5' }, 'Mailboxes must be a int32 value'],
    ['SKYLINE_MAIL', { Domain: 'contoso.example', Nickname: 'x' }, 'Unknown field: Nickname'],
    ['SKYLINE_MAIL', { Domain: `${'a'.repeat(250)}.com` }, 'Mail domain'],
    ['SKYLINE_CRM', { Region: 'MARS' }, 'Region'],
    ['SKYLINE_CRM', { Edition: true }, 'Edition must be a string value'],
    ['NIMBUS_ENDPOINT', { Domain: 'contoso.example' }, 'Unknown field: Domain'],
  ])('refuses %s with %j: 400 naming the field by its label, its key beside the message', async (productName, viewValues, message) => {
    const result = await check(productName, viewValues);
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain(message);
    // Issue 30: no raw keys in any message; the key is for screens to find the field.
    expect(result.body.Message).not.toContain('Product_');
    expect(result.body.Field).toMatch(new RegExp(`^Product_${productName}\\.`));
  });

  it('refuses the product account\'s read-only and base fields, which an order does not ask for', async () => {
    expect((await check('SKYLINE_MAIL', { Domain: 'contoso.example', ProductName: 'SKYLINE_CRM' })).body.Message).toBe('Unknown field: ProductName');
    expect((await check('SKYLINE_MAIL', { Domain: 'contoso.example', Quantity: 3 })).body.Message).toBe('Unknown field: Quantity');
  });

  it('says what is wrong in the caller\'s language', async () => {
    const result = await check('SKYLINE_MAIL', {}, 'de');
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('Mail-Domain');
    expect(result.body.Message).not.toBe('Mail-Domain is required');
    expect(result.body.Field).toBe('Product_SKYLINE_MAIL.Domain');
  });

  it('follows the stored layout, not a release: a field the owner took off the layout is no longer asked for', async () => {
    const db = server.handle.db;
    const before = (await db.execute(sql`select pages from view_layouts where account_type = 'Product' and view = 'Product' and product_name = 'SKYLINE_CRM'`)) as unknown as { rows: { pages: unknown }[] };
    const pages = before.rows[0]!.pages as { Containers: { Fields: { Field: string }[] }[] }[];
    const trimmed = pages.map((page) => ({ ...page, Containers: page.Containers.map((c) => ({ ...c, Fields: c.Fields.filter((f) => f.Field !== 'Product_SKYLINE_CRM.Edition') })) }));
    await db.execute(sql`update view_layouts set pages = ${JSON.stringify(trimmed)}::jsonb where account_type = 'Product' and view = 'Product' and product_name = 'SKYLINE_CRM'`);
    try {
      expect((await loadOrderViewFields(db, 'SKYLINE_CRM', 'en')).map((f) => f.Name)).toEqual(['Region']);
      await expect(checkOrderViewValues(db, 'SKYLINE_CRM', { Edition: 'Enterprise' }, 'en')).rejects.toMatchObject({ statusCode: 400, key: 'field_unknown', params: { field: 'Product_SKYLINE_CRM.Edition' } });
    } finally {
      await db.execute(sql`update view_layouts set pages = ${JSON.stringify(pages)}::jsonb where account_type = 'Product' and view = 'Product' and product_name = 'SKYLINE_CRM'`);
    }
    expect((await loadOrderViewFields(db, 'SKYLINE_CRM', 'en')).map((f) => f.Name)).toEqual(['Region', 'Edition']);
  });

  it('answers the layout\'s fields with their labels for the portal to ask for', async () => {
    const fields = await loadOrderViewFields(server.handle.db, 'SKYLINE_MAIL', 'en');
    expect(fields.map((f) => ({ Name: f.Name, View: f.View, Required: f.Required, Type: f.Type }))).toEqual([
      { Name: 'Domain', View: 'Product_SKYLINE_MAIL', Required: true, Type: 'string' },
      { Name: 'Mailboxes', View: 'Product_SKYLINE_MAIL', Required: false, Type: 'int32' },
    ]);
    expect(await loadOrderViewFields(server.handle.db, 'NIMBUS_ENDPOINT', 'en')).toEqual([]);
  });
});
