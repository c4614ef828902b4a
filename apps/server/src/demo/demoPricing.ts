import { eq } from 'drizzle-orm';
import type { FeeType, PricingModel, PricingScopeKind } from '@cmp/contracts/pricing';
import type { Tx } from '../platform/db/database';
import { accounts, exchangeRates, priceableItems, pricelistCustomers, pricelistServices, pricelists, pricingRules, products, serviceGroupServices, serviceGroups } from '../platform/db/schema';
import { DEMO_PRODUCTS } from './demoCatalog';

// The demo catalog's commercial side (issue 13 "Demo world"): three vendors with 30+ services in
// several categories, their priceable items, the platform owner's base pricelist, Northwind's and
// Fabrikam's pricelists with markup, gross-margin and SRP-discount rules, and a service group.
// Explore as company.admin shows Northwind's prices; as Fabrikam's customers, Fabrikam's.

interface DemoItem {
  name: string;
  feeType: FeeType;
  unit?: string;
  purchase: string;
  srp: string;
}

interface DemoService {
  name: string;
  displayName: string;
  vendor: string;
  category: string;
  tags: string[];
  description: string;
  currency?: string;
  billingRule?: 'PerUnit' | 'Flat';
  billingPeriod?: 'Monthly' | 'Annual';
  commitmentTerms?: string[];
  items: DemoItem[];
}

const seat = (purchase: string, srp: string, unit = 'user'): DemoItem => ({ name: 'Subscription', feeType: 'Recurring', unit, purchase, srp });
const setup = (purchase: string, srp: string): DemoItem => ({ name: 'Setup', feeType: 'Setup', purchase, srp });
const usage = (name: string, unit: string, purchase: string, srp: string): DemoItem => ({ name, feeType: 'Usage', unit, purchase, srp });

const SKYLINE = 'Skyline Software';
const NIMBUS = 'Nimbus Security';
const ORBIT = 'Orbit Analytics';

/** The vendors besides Skyline, created with the demo world (name, identifier, country). */
export const DEMO_EXTRA_VENDORS = [
  [NIMBUS, 'VEN-4002', 'DE'],
  [ORBIT, 'VEN-4003', 'US'],
] as const;

/** Commercial facts of Skyline's five products (they exist in DEMO_PRODUCTS) and the new services. */
export const DEMO_SERVICES: DemoService[] = [
  { name: 'SKYLINE_MAIL', displayName: 'Skyline Mail', vendor: SKYLINE, category: 'Communication', tags: ['email', 'collaboration'], description: 'Business e-mail with a 50 GB mailbox per user.', items: [seat('4.10', '6.00')] },
  { name: 'SKYLINE_OFFICE_E3', displayName: 'Skyline Office E3', vendor: SKYLINE, category: 'Productivity', tags: ['office', 'collaboration'], description: 'Office apps, file storage and meetings.', commitmentTerms: ['annual'], items: [seat('19.20', '24.00')] },
  { name: 'SKYLINE_CRM', displayName: 'Skyline CRM', vendor: SKYLINE, category: 'Sales', tags: ['crm'], description: 'Customer relationship management for sales teams.', commitmentTerms: ['annual', '3-year'], items: [seat('36.00', '49.00'), setup('150.00', '250.00')] },
  { name: 'SKYLINE_BACKUP', displayName: 'Skyline Backup', vendor: SKYLINE, category: 'Backup and storage', tags: ['backup', 'storage'], description: 'Daily backup of mailboxes and files.', items: [seat('2.40', '3.50'), usage('Storage', 'GB', '0.0210', '0.0300')] },
  { name: 'SKYLINE_DESIGN', displayName: 'Skyline Design Studio', vendor: SKYLINE, category: 'Productivity', tags: ['design'], description: 'Design and illustration for one user.', items: [seat('22.00', '29.99')] },

  { name: 'NIMBUS_ENDPOINT', displayName: 'Nimbus Endpoint Protection', vendor: NIMBUS, category: 'Security', tags: ['antivirus', 'endpoint'], description: 'Protection for laptops and desktops.', items: [seat('2.80', '4.00', 'device')] },
  { name: 'NIMBUS_ENDPOINT_PLUS', displayName: 'Nimbus Endpoint Protection Plus', vendor: NIMBUS, category: 'Security', tags: ['antivirus', 'endpoint', 'edr'], description: 'Endpoint protection with detection and response.', items: [seat('5.60', '8.00', 'device')] },
  { name: 'NIMBUS_MAIL_FILTER', displayName: 'Nimbus Mail Filter', vendor: NIMBUS, category: 'Security', tags: ['email', 'spam'], description: 'Spam and phishing filtering in front of any mail service.', items: [seat('0.90', '1.50')] },
  { name: 'NIMBUS_MFA', displayName: 'Nimbus MFA', vendor: NIMBUS, category: 'Identity', tags: ['identity', 'mfa'], description: 'Second factor for every sign-in.', items: [seat('1.20', '2.00')] },
  { name: 'NIMBUS_SSO', displayName: 'Nimbus Single Sign-On', vendor: NIMBUS, category: 'Identity', tags: ['identity', 'sso'], description: 'One sign-in for all business applications.', items: [seat('2.00', '3.00'), setup('80.00', '120.00')] },
  { name: 'NIMBUS_VAULT', displayName: 'Nimbus Password Vault', vendor: NIMBUS, category: 'Identity', tags: ['identity', 'passwords'], description: 'Shared password vault for teams.', items: [seat('1.60', '2.50')] },
  { name: 'NIMBUS_FIREWALL', displayName: 'Nimbus Cloud Firewall', vendor: NIMBUS, category: 'Network', tags: ['network', 'firewall'], description: 'Firewall as a service per site.', billingRule: 'Flat', items: [seat('45.00', '65.00', 'site'), setup('200.00', '300.00')] },
  { name: 'NIMBUS_VPN', displayName: 'Nimbus VPN', vendor: NIMBUS, category: 'Network', tags: ['network', 'vpn'], description: 'Remote access for travelling staff.', items: [seat('3.10', '4.50')] },
  { name: 'NIMBUS_DNS', displayName: 'Nimbus DNS Shield', vendor: NIMBUS, category: 'Network', tags: ['network', 'dns'], description: 'Blocks malicious domains for the whole company.', billingRule: 'Flat', items: [seat('15.00', '22.00', 'company')] },
  { name: 'NIMBUS_AWARENESS', displayName: 'Nimbus Security Awareness', vendor: NIMBUS, category: 'Security', tags: ['training'], description: 'Phishing simulations and short courses.', billingPeriod: 'Annual', commitmentTerms: ['annual'], items: [seat('12.00', '18.00')] },
  { name: 'NIMBUS_SIEM', displayName: 'Nimbus Log Monitor', vendor: NIMBUS, category: 'Security', tags: ['siem', 'monitoring'], description: 'Collects and watches security logs.', items: [usage('Log ingestion', 'GB', '0.1800', '0.2500'), setup('300.00', '450.00')] },
  { name: 'NIMBUS_BACKUP_GUARD', displayName: 'Nimbus Backup Guard', vendor: NIMBUS, category: 'Backup and storage', tags: ['backup', 'ransomware'], description: 'Immutable copies of your backups.', items: [usage('Protected storage', 'GB', '0.0150', '0.0250')] },
  { name: 'NIMBUS_MOBILE', displayName: 'Nimbus Mobile Device Management', vendor: NIMBUS, category: 'Identity', tags: ['mobile', 'mdm'], description: 'Manage and wipe company phones.', items: [seat('2.20', '3.20', 'device')] },

  { name: 'ORBIT_INSIGHTS', displayName: 'Orbit Insights', vendor: ORBIT, currency: 'USD', category: 'Analytics', tags: ['bi', 'dashboards'], description: 'Dashboards over your business data.', items: [seat('9.00', '12.00')] },
  { name: 'ORBIT_INSIGHTS_PRO', displayName: 'Orbit Insights Pro', vendor: ORBIT, currency: 'USD', category: 'Analytics', tags: ['bi', 'dashboards'], description: 'Dashboards with scheduled reports and row-level security.', items: [seat('18.00', '24.00')] },
  { name: 'ORBIT_WAREHOUSE', displayName: 'Orbit Data Warehouse', vendor: ORBIT, currency: 'USD', category: 'Analytics', tags: ['data', 'warehouse'], description: 'A managed warehouse billed by what you store and query.', items: [usage('Storage', 'GB', '0.0200', '0.0280'), usage('Queries', 'TB scanned', '4.5000', '6.0000')] },
  { name: 'ORBIT_ETL', displayName: 'Orbit Pipelines', vendor: ORBIT, currency: 'USD', category: 'Analytics', tags: ['data', 'etl'], description: 'Moves data from 200 sources into your warehouse.', items: [usage('Rows synced', 'million rows', '1.0000', '1.5000')] },
  { name: 'ORBIT_FORMS', displayName: 'Orbit Forms', vendor: ORBIT, currency: 'USD', category: 'Productivity', tags: ['forms', 'surveys'], description: 'Forms and surveys with analysis.', items: [seat('4.00', '6.00')] },
  { name: 'ORBIT_SIGN', displayName: 'Orbit Sign', vendor: ORBIT, currency: 'USD', category: 'Productivity', tags: ['signature'], description: 'Electronic signatures.', items: [seat('8.00', '10.00')] },
  { name: 'ORBIT_CHAT', displayName: 'Orbit Team Chat', vendor: ORBIT, currency: 'USD', category: 'Communication', tags: ['chat', 'collaboration'], description: 'Channels, threads and calls.', items: [seat('3.00', '5.00')] },
  { name: 'ORBIT_MEET', displayName: 'Orbit Meetings', vendor: ORBIT, currency: 'USD', category: 'Communication', tags: ['video', 'collaboration'], description: 'Video meetings for up to 300 people.', items: [seat('6.00', '9.00')] },
  { name: 'ORBIT_PHONE', displayName: 'Orbit Cloud Phone', vendor: ORBIT, currency: 'USD', category: 'Communication', tags: ['telephony'], description: 'Phone numbers and calls in the browser.', items: [seat('7.50', '10.00'), usage('Outbound minutes', 'minute', '0.0120', '0.0200')] },
  { name: 'ORBIT_HELPDESK', displayName: 'Orbit Helpdesk', vendor: ORBIT, currency: 'USD', category: 'Sales', tags: ['support', 'tickets'], description: 'Tickets, a help centre and chat for your customers.', items: [seat('15.00', '19.00')] },
  { name: 'ORBIT_PROJECTS', displayName: 'Orbit Projects', vendor: ORBIT, currency: 'USD', category: 'Productivity', tags: ['projects', 'collaboration'], description: 'Boards, timelines and workload.', items: [seat('7.00', '10.00')] },
  { name: 'ORBIT_WIKI', displayName: 'Orbit Wiki', vendor: ORBIT, currency: 'USD', category: 'Productivity', tags: ['wiki', 'collaboration'], description: 'A company wiki with page history.', billingRule: 'Flat', items: [seat('40.00', '55.00', 'company')] },
  { name: 'ORBIT_STATUS', displayName: 'Orbit Status Page', vendor: ORBIT, currency: 'USD', category: 'Analytics', tags: ['monitoring'], description: 'A public status page with uptime checks.', billingRule: 'Flat', billingPeriod: 'Annual', commitmentTerms: ['annual'], items: [seat('240.00', '300.00', 'page')] },
];

/** Demo exchange rate: one US dollar in euro, taken when the demo world loads. */
export const DEMO_USD_EUR = '0.92';

interface DemoRule {
  name: string;
  model: PricingModel;
  parameter: string | null;
  scope: { kind: PricingScopeKind; vendors?: string[]; groups?: string[] };
}

export async function loadDemoPricing(tx: Tx): Promise<void> {
  const accountId = async (displayName: string) => {
    const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.displayName, displayName)).limit(1);
    if (!row) throw new Error(`demo pricing: account ${displayName} is missing from the demo world`);
    return row.id;
  };
  const vendorIds = new Map<string, number>();
  for (const vendor of [SKYLINE, NIMBUS, ORBIT]) vendorIds.set(vendor, await accountId(vendor));

  const skylineNames = new Set(DEMO_PRODUCTS.map((product) => product.name));
  for (const service of DEMO_SERVICES) {
    const facts = {
      category: service.category,
      tags: service.tags,
      descriptions: { en: service.description },
      currency: service.currency ?? 'EUR',
      billingRule: service.billingRule ?? 'PerUnit',
      billingPeriod: service.billingPeriod ?? 'Monthly',
      commitmentTerms: service.commitmentTerms ?? ['1-month'],
      vendorSku: `${service.vendor.split(' ')[0]!.toUpperCase()}-${service.name.split('_').slice(1).join('-')}`,
    };
    if (skylineNames.has(service.name)) await tx.update(products).set(facts).where(eq(products.name, service.name));
    else await tx.insert(products).values({ name: service.name, displayName: service.displayName, vendorAccountId: vendorIds.get(service.vendor)!, ...facts });
    await tx.insert(priceableItems).values(service.items.map((item) => ({ productName: service.name, name: item.name, feeType: item.feeType, unit: item.unit ?? null, purchasePrice: item.purchase, srp: item.srp })));
  }
  await tx.insert(exchangeRates).values({ baseCurrency: 'USD', quoteCurrency: 'EUR', rate: DEMO_USD_EUR, asOf: new Date() });

  const owner = await accountId('Cloud Service Providers');
  const northwind = await accountId('Northwind Cloud');
  const fabrikam = await accountId('Fabrikam Distribution');
  const [collaboration] = await tx.insert(serviceGroups).values({ ownerAccountId: northwind, name: 'Collaboration' }).returning({ id: serviceGroups.id });
  await tx.insert(serviceGroupServices).values(
    DEMO_SERVICES.filter((service) => service.tags.includes('collaboration')).map((service) => ({ serviceGroupId: collaboration!.id, productName: service.name })),
  );
  const groupIds = new Map([['Collaboration', collaboration!.id]]);

  const pricelist = async (ownerAccountId: number, name: string, customers: string[], rules: DemoRule[]) => {
    const [row] = await tx.insert(pricelists).values({ ownerAccountId, name, priority: 1, currency: 'EUR', tags: ['standard'] }).returning({ id: pricelists.id });
    await tx.insert(pricelistServices).values(DEMO_SERVICES.map((service) => ({ pricelistId: row!.id, productName: service.name })));
    for (const customer of customers) await tx.insert(pricelistCustomers).values({ pricelistId: row!.id, customerAccountId: await accountId(customer) });
    await tx.insert(pricingRules).values([
      ...rules.map((rule, index) => ({
        pricelistId: row!.id,
        name: rule.name,
        priority: index + 1,
        model: rule.model,
        parameter: rule.parameter,
        scopeKind: rule.scope.kind,
        scopeIds: [...(rule.scope.vendors ?? []).map((vendor) => vendorIds.get(vendor)!), ...(rule.scope.groups ?? []).map((group) => groupIds.get(group)!)],
      })),
      { pricelistId: row!.id, name: 'Default: SRP', priority: rules.length + 1, isDefault: true, model: 'Srp', parameter: null },
    ]);
    return row!.id;
  };

  // The platform owner sells to its resellers at a markup on the vendors' purchase prices.
  await pricelist(owner, 'Base pricelist', ['Northwind Cloud', 'Fabrikam Distribution'], [{ name: 'Distribution markup', model: 'Markup', parameter: '8', scope: { kind: 'AllServices' } }]);
  await pricelist(northwind, 'Northwind standard', ['Contoso Ltd', 'Adventure Works', 'Tailspin Toys'], [
    { name: 'Collaboration margin', model: 'GrossMargin', parameter: '25', scope: { kind: 'ServiceGroups', groups: ['Collaboration'] } },
    { name: 'Nimbus partners', model: 'Markup', parameter: '15', scope: { kind: 'Vendors', vendors: [NIMBUS] } },
    { name: 'Analytics promotion', model: 'SrpDiscount', parameter: '10', scope: { kind: 'Vendors', vendors: [ORBIT] } },
  ]);
  await pricelist(fabrikam, 'Fabrikam DACH', ['Litware Inc', 'Proseware'], [
    { name: 'Security bundle', model: 'SrpDiscount', parameter: '5', scope: { kind: 'Vendors', vendors: [NIMBUS] } },
    { name: 'Fabrikam markup', model: 'Markup', parameter: '20', scope: { kind: 'AllServices' } },
  ]);
}
