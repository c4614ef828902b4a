import type { Views } from '@cmp/contracts/accounts';
import type { Tx } from '../platform/db/database';
import { branding } from '../platform/db/schema';
import { writeAudit } from '../platform/audit';
import { writeStoredFile } from '../platform/files';
import type { AccountRow } from '../platform/session';
import { insertAccount, insertUser } from '../accounts/accountStore';
import { assignRole, insertRoleWithCapabilities } from '../auth/roleStore';
import { RESELLER_ADMIN_CAPABILITIES } from '../auth/capabilityProfiles';
import { createStartingRoles } from '../users/organisationRoles';
import { DEMO_ICON_SVG, DEMO_LOGO_SVG, renderPng } from './brandingAssets';
import { loadDemoSupportAndTerms } from './demoSupportAndTerms';
import { DEMO_EXTRA_VENDORS, loadDemoPricing } from './demoPricing';
import { loadDemoCatalog } from './demoCatalog';
import { loadDemoKnowledgeBase } from './demoKnowledgeBase';
import { loadDemoOrders } from './demoOrders';
import { loadDemoCreditLimits } from './demoCredit';
import { loadDemoSubscriptionTerms } from './demoSubscriptions';
import { loadDemoCustomCharges } from './demoCustomCharges';
import { billDemoFirstMonth, loadDemoBillingHistory } from './demoBilling';
import { loadDemoVendorProfiles } from './demoVendorProfiles';

/** The demo cast of DESIGN.md; tests and people trying the product rely on these usernames. */
export const DEMO_USERNAMES = ['admin', 'reseller.admin', 'company.admin', 'company.user', 'other.admin', 'vendor.admin'] as const;

// The currency a demo organisation bills in, by its country (Currencies enum of the account views).
const CURRENCY_OF_COUNTRY: Record<string, string> = { GB: 'GBP', DE: 'EUR', SE: 'SEK', US: 'USD' };
// An organisation's data sits in the view named after its type (`Reseller`, `Company`, `Vendor`: same fields).
const organisationViews = (displayName: string, identificator: string, country: string, view: string, currency = CURRENCY_OF_COUNTRY[country] ?? 'USD'): Views => ({
  [view]: { Values: { DisplayName: displayName, AccountIdentificator: identificator, Country: country, Currency: currency } },
});

interface DemoPerson {
  username: string;
  firstName: string;
  lastName: string;
  locale?: string;
}

/**
 * Loads the demo world into an empty database: the platform owner, two resellers, companies with
 * departments and users, a vendor, roles, subscriptions, orders, provisioning requests, a
 * knowledge base and an audit history. Later features add their part here.
 */
export async function loadDemoWorld(tx: Tx, passwordHash: string): Promise<void> {
  let admin: AccountRow | null = null;
  const created: AccountRow[] = [];
  const account = async (type: AccountRow['type'] & ('Reseller' | 'Company' | 'Department' | 'Vendor'), parent: AccountRow | null, name: string, id: string, country = 'US', currency?: string) => {
    const views = type === 'Department' ? { Department: { Values: { DisplayName: name, CostCenter: id } } } : organisationViews(name, id, country, type, currency);
    const row = await insertAccount(tx, { type, parent, displayName: name, views });
    created.push(row);
    return row;
  };
  const person = async (parent: AccountRow, p: DemoPerson, roleId: number) => {
    const row = await insertUser(tx, parent, {
      ...p,
      email: `${p.username.replace(/[^a-z0-9.]/gi, '')}@${parent.displayName.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`,
      passwordHash,
    });
    await assignRole(tx, row.id, roleId);
    created.push(row);
    return row;
  };
  // Every organisation gets the roles CreateAccount gives a new one; the platform owner its own.
  const startingRoles = (organisation: AccountRow) => createStartingRoles(tx, organisation);

  const owner = await account('Reseller', null, 'Cloud Service Providers', 'CSP-0001');
  const platformAdmin = await insertRoleWithCapabilities(tx, owner.id, 'Platform administrator', RESELLER_ADMIN_CAPABILITIES, { isTemplate: true, isAdministrator: true });
  admin = await person(owner, { username: 'admin', firstName: 'Alex', lastName: 'Morgan' }, platformAdmin);

  const northwind = await account('Reseller', owner, 'Northwind Cloud', 'NWC-1001', 'GB');
  await person(northwind, { username: 'reseller.admin', firstName: 'Nora', lastName: 'Winters' }, (await startingRoles(northwind))['Reseller administrator']!);

  // A company has one currency throughout — its pricelist (Northwind's, in EUR), credit limit, orders,
  // custom charges and invoices — so its open balance needs no conversion (issue 30 item 5).
  const contoso = await account('Company', northwind, 'Contoso Ltd', 'CON-2001', 'GB', 'EUR');
  const { 'Company administrator': contosoAdmin, 'Company user': contosoUser } = await startingRoles(contoso);
  await person(contoso, { username: 'company.admin', firstName: 'Claire', lastName: 'Dubois' }, contosoAdmin);
  await person(contoso, { username: 'company.user', firstName: 'Carl', lastName: 'Jensen' }, contosoUser);
  const sales = await account('Department', contoso, 'Sales', 'CON-SALES');
  const engineering = await account('Department', contoso, 'Engineering', 'CON-ENG');
  await person(sales, { username: 'priya.patel', firstName: 'Priya', lastName: 'Patel' }, contosoUser);
  await person(sales, { username: 'tom.becker', firstName: 'Tom', lastName: 'Becker', locale: 'de' }, contosoUser);
  await person(engineering, { username: 'lena.nowak', firstName: 'Lena', lastName: 'Nowak', locale: 'pl' }, contosoUser);

  for (const [name, id, admin] of [
    ['Adventure Works', 'ADV-2002', { username: 'aw.admin', firstName: 'Ana', lastName: 'Silva', locale: 'pt' }],
    ['Tailspin Toys', 'TST-2003', { username: 'tailspin.admin', firstName: 'Timo', lastName: 'Virtanen', locale: 'fi' }],
  ] as const) {
    const company = await account('Company', northwind, name, id);
    await person(company, admin, (await startingRoles(company))['Company administrator']!);
  }

  const fabrikam = await account('Reseller', owner, 'Fabrikam Distribution', 'FAB-1002', 'DE');
  await person(fabrikam, { username: 'other.admin', firstName: 'Omar', lastName: 'Haddad' }, (await startingRoles(fabrikam))['Reseller administrator']!);
  for (const [name, id] of [
    ['Litware Inc', 'LIT-3001'],
    ['Proseware', 'PRO-3002'],
  ] as const) {
    const company = await account('Company', fabrikam, name, id, 'DE');
    const companyUser = (await startingRoles(company))['Company user']!;
    const dept = await account('Department', company, 'Operations', `${id}-OPS`, 'DE');
    await person(dept, { username: `${name.split(' ')[0]!.toLowerCase()}.ops`, firstName: 'Jonas', lastName: 'Weber', locale: 'de' }, companyUser);
  }

  const vendor = await account('Vendor', owner, 'Skyline Software', 'VEN-4001', 'SE');
  await person(vendor, { username: 'vendor.admin', firstName: 'Vera', lastName: 'Lind', locale: 'sv' }, (await startingRoles(vendor))['Vendor administrator']!);
  for (const [name, id, country] of DEMO_EXTRA_VENDORS) await account('Vendor', owner, name, id, country);

  await tx.insert(branding).values({ ownerAccountId: owner.id, config: { logo: 'logo.svg', favicon: 'appicon.ico', marketplace_owner: 'Cloud Service Providers', event_hub_enabled: true } });
  await writeStoredFile(tx, 'branding/logo.svg', 'image/svg+xml', Buffer.from(DEMO_LOGO_SVG));
  await writeStoredFile(tx, 'branding/appicon.ico', 'image/png', await renderPng(DEMO_ICON_SVG, 64));
  await loadDemoSupportAndTerms(tx, owner, northwind);
  await loadDemoCatalog(tx, admin);
  await loadDemoPricing(tx);
  await loadDemoCreditLimits(tx);
  await loadDemoSubscriptionTerms(tx);
  await loadDemoVendorProfiles(tx);
  await loadDemoCustomCharges(tx);
  await loadDemoBillingHistory(tx);
  await billDemoFirstMonth(tx);
  // Orders are placed as PlaceOrder places them: after the limits and the billed history their credit check reads.
  await loadDemoOrders(tx);
  await loadDemoKnowledgeBase(tx, owner);

  for (const row of created) {
    await writeAudit(tx, null, {
      action: 'AccountCreated',
      actorAccountId: admin.id,
      accountId: row.id,
      accountPath: row.path,
      details: { AccountType: row.type, DisplayName: row.displayName },
    });
  }
}
