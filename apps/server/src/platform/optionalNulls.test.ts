import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, call, signIn, startTestServer, type TestServer } from '../test/testServer';
import { DEFAULT_BRANDING } from '@cmp/contracts/branding';
import { documentedOperations, optionalFieldPaths, requestForms, sampleWithField, type DocumentedOperation, type SampleOptions } from '../test/requestSamples';

// DESIGN.md "The API": a JSON null in an optional request field means the same as leaving the field
// out, in every operation (WCF clients send `"mfaToken": null` on a first sign-in); unknown fields
// are still refused. The walk is built from the OpenAPI document, so a new operation is covered too.

/** Ids that name nothing: the requests pass validation and stop at the access check, changing nothing. */
const options: SampleOptions = { ids: { account: 987_654_321, user: 987_654_321 } };
/** Where a generated sample would be refused or only count failed sign-ins: the valid body the optional field is set in. */
let created = 0;
const HAND_WRITTEN: Record<string, Record<string, unknown> | (() => Record<string, unknown>)> = {
  'IAuthorizationService/Authenticate': { userName: 'admin', password: DEMO_PASSWORD },
  'IAccountService/ValidateUniqueField': { accountType: 'User', fieldName: 'Username', value: 'new.person' },
  'IAccountService/ValidateRemoteFieldWithResult': { fieldName: 'VatNumber', value: '123456789' },
  // The first model of the enum (Static) needs its price: an SRP rule, on a pricelist that does not exist.
  'IPricingRuleService/SavePricingRule': { marketplaceId: 987_654_321, rule: { Name: 'Probe', Model: 'Srp', Scope: { Kind: 'AllServices' } } },
  // Each call creates a pricelist: a new name each time, so the second is no duplicate.
  'IMarketplaceService/CreateMarketplace': () => ({ marketplaceProperties: { Name: `Probe ${++created}`, Currency: 'EUR' } }),
  // Amounts the schema accepts, on an account that does not exist.
  'ICustomChargeService/CreateCustomCharge': { accountId: 987_654_321, customCharge: { Name: 'Probe', Price: '1.00', Cost: '0.00' } },
  'IPricingRuleService/PreviewPricingRule': { marketplaceId: 987_654_321, rule: { Name: 'Probe', Model: 'Srp', Scope: { Kind: 'AllServices' } } },
  // A file name the schema accepts, on an order that does not exist.
  'IAccountService/AddOrderAttachment': { orderId: 987_654_321, fileName: 'Probe.pdf', contentBase64: 'JVBERi0xLjQ=' },
  // Either id names the run; with both, leaving out one still names it.
  'IMarketplaceService/GetPropagationStatus': { marketplaceId: 987_654_321, runId: 987_654_321 },
  'IServiceManagementService/SaveVendorService': {
    vendorAccountId: 987_654_321,
    serviceName: 'PROBE',
    service: { DisplayNames: { en: 'Probe' }, Category: 'Probe', BillingRule: 'PerUnit', BillingPeriod: 'Monthly', Currency: 'EUR', CommitmentTerms: ['1-month'], Items: [{ Name: 'Probe', FeeType: 'Recurring', PurchasePrice: '1', Srp: '1' }] },
  },
  'IServiceManagementService/SaveMyService': { serviceName: 'SKYLINE_MAIL', settings: { IsEnabled: true } },
  'IServiceManagementService/SaveServiceGroup': () => ({ serviceGroup: { Name: `Probe group ${++created}` } }),
  // A report that exists (a generated name answers 404 whatever the optional fields say).
  'IReportingService/RunReport': { reportName: 'OrdersByStatus' },
  // An amount as the pattern wants it (the sampler writes no patterned strings), on an account that does not exist.
  'IAccountService/SetCreditLimit': { companyAccountId: 987_654_321, creditLimit: '5000.00', comment: 'Probe' },
  // A month as the pattern wants it (the sampler writes no patterned strings).
  'IAccountService/GetOnlineBill': { accountId: 987_654_321, billingInterval: '2026-09' },
  'IAccountService/ExportOnlineBill': { accountId: 987_654_321, billingInterval: '2026-09' },
  // A file the schema accepts (a title row only), under the caller's own organisation.
  'IImportService/UploadImport': { file: { FileName: 'probe.csv', ContentBase64: 'VHlwZSxDb21wYW55DQo=' } },
  // The default branding (the sampler's strings are no web addresses or languages); its analytics switch is optional.
  'IAccountService/SaveBranding': () => {
    const { sso_setup_list: _sso, analytics_enabled: _analytics, ...editable } = DEFAULT_BRANDING;
    return { branding: structuredClone(editable) };
  },
  // The caller's own export, imported back unchanged (filled in beforeAll).
  'IServiceManagementService/ImportServices': () => ({ ...ownExport }),
  // One run per account and month at a time (409 naming it): each call names another month and
  // another (unknown) account, so no call meets the run of the one before.
  'IInvoiceBillingService/RunBilling': () => {
    billingCalls += 1;
    return { accountId: 987_654_321 + billingCalls, intervalId: `20${10 + Math.floor(billingCalls / 12)}-${String((billingCalls % 12) + 1).padStart(2, '0')}` };
  },
};
let billingCalls = 0;
let ownExport: { fileName: string; fileBase64: string };

/** A copy of `base` with the field at `path` set to `value`, or removed when `value` is undefined. */
function withFieldAt(base: Record<string, unknown>, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  let target = copy;
  for (const name of path.slice(0, -1)) target = (target[name] ??= {}) as Record<string, unknown>;
  if (value === undefined) delete target[path.at(-1)!];
  else target[path.at(-1)!] = value;
  return copy;
}

let server: TestServer;
let operations: DocumentedOperation[];
let cookie: string;

beforeAll(async () => {
  // Every operation is called twice per optional field: the limits on expensive ones would answer 429 (operationThrottles.test.ts checks them).
  server = await startTestServer({ throttlesExpensiveOperations: false });
  operations = await documentedOperations(server.app);
  cookie = await signIn(server.app, 'admin');
  const exported = await call(server.app, 'IServiceManagementService/ExportServices', {}, { cookie });
  ownExport = { fileName: exported.body.FileName as string, fileBase64: exported.body.ContentBase64 as string };
});
afterAll(async () => {
  await server?.close();
});

describe('a null optional field means the same as leaving it out', () => {
  it('signs in with "mfaToken": null and "mfaMethodId": null, as the WCF clients send it', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin', password: DEMO_PASSWORD, mfaToken: null, mfaMethodId: null });
    expect(result.status, JSON.stringify(result.body)).toBe(200);
    expect(result.body.UserAccountId).toEqual(expect.any(Number));
  });

  it('answers every operation with null in each optional field as without the field', async () => {
    const differences: string[] = [];
    let checked = 0;
    for (const { name, schema } of operations) {
      for (const form of requestForms(schema)) {
        for (const path of optionalFieldPaths(form)) {
          const body = (value: unknown) => {
            const base = HAND_WRITTEN[name];
            if (!base) return sampleWithField(form, path, value, options);
            return withFieldAt(typeof base === 'function' ? base() : base, path, value);
          };
          const without = await call(server.app, name, body(undefined), { cookie });
          const withNull = await call(server.app, name, body(null), { cookie });
          checked += 1;
          // The request without the null must itself be valid, else the comparison proves nothing.
          if (without.status === 400) differences.push(`${name} ${path.join('.')}: the sample itself is refused: ${JSON.stringify(without.body)}`);
          if (without.status !== withNull.status) {
            differences.push(`${name} ${path.join('.')}: ${without.status} without, ${withNull.status} with null ${JSON.stringify(withNull.body)}`);
          }
        }
      }
    }
    expect(differences).toEqual([]);
    // The walk found the optional fields (sign-in, paging, filters, nested policy fields …).
    expect(checked).toBeGreaterThan(40);
  });

  it('still refuses an unknown field, null or not', async () => {
    for (const extra of [null, 'x']) {
      const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: 'admin', password: DEMO_PASSWORD, mfaCode: extra });
      expect(result.status).toBe(400);
      expect(result.body.Message).toContain('mfaCode');
    }
  });

  it('still refuses null in a required field and names it', async () => {
    const result = await call(server.app, 'IAuthorizationService/Authenticate', { userName: null, password: DEMO_PASSWORD });
    expect(result.status).toBe(400);
    expect(result.body.Message).toContain('userName');
  });

  it('keeps a null where the field itself allows null (nullable fields keep their meaning)', async () => {
    const result = await call(server.app, 'IAccountService/GetAccountTree', { targetRoot: null }, { cookie });
    expect(result.status).toBe(200);
  });

  it('applies a field\'s default when it is null (nested filter of GetUsers)', async () => {
    const users = await call(server.app, 'IAccountService/GetUsers', { accountId: 1, sortBy: null, filter: { text: null, status: null }, page: null, pageSize: null }, { cookie });
    expect(users.status, JSON.stringify(users.body)).not.toBe(400);
  });
});
