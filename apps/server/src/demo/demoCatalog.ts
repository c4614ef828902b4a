import { and, eq } from 'drizzle-orm';
import type { Views } from '@cmp/contracts/accounts';
import type { Tx } from '../platform/db/database';
import { accounts, products, subscriptions } from '../platform/db/schema';
import { writeAudit } from '../platform/audit';
import type { AccountRow } from '../platform/session';
import { insertAccount } from '../accounts/accountStore';
import { DAY_MS } from '../platform/dates';

// The demo catalog of the shared brief ("The demo catalog"): other features and the integration
// API test rely on these names, so they are fixed here once.

type Commitment = '1-month' | 'annual' | '3-year';

interface DemoProduct {
  name: string;
  displayName: string;
  parentTypes: string[];
  isPrepaid: boolean;
  commitment: Commitment;
}

export const DEMO_PRODUCTS: DemoProduct[] = [
  { name: 'SKYLINE_MAIL', displayName: 'Skyline Mail', parentTypes: ['Company'], isPrepaid: false, commitment: '1-month' },
  { name: 'SKYLINE_OFFICE_E3', displayName: 'Skyline Office E3', parentTypes: ['Company'], isPrepaid: true, commitment: 'annual' },
  { name: 'SKYLINE_CRM', displayName: 'Skyline CRM', parentTypes: ['Company'], isPrepaid: false, commitment: '3-year' },
  { name: 'SKYLINE_BACKUP', displayName: 'Skyline Backup', parentTypes: ['Company', 'Department'], isPrepaid: false, commitment: '1-month' },
  { name: 'SKYLINE_DESIGN', displayName: 'Skyline Design Studio', parentTypes: ['User'], isPrepaid: false, commitment: '1-month' },
];

/** spec §4 "Locked subscriptions cannot be terminated before the lock end date": Contoso's CRM stays locked for a while after every demo load. */
export const DEMO_CRM_LOCK_DAYS = 200;

interface DemoSubscription {
  parent: { displayName: string; type: 'Company' | 'User' };
  product: string;
  displayName: string;
  quantity: number;
  /** The product's own view (`Product_<ProductName>`). */
  productValues: Record<string, unknown>;
  autoRenew?: 'Renew' | 'Terminate';
  /** Days from the load until the minimum contract ends; the lock period too, when given. */
  contractDays: number;
  lockDays?: number;
}

const DEMO_SUBSCRIPTIONS: DemoSubscription[] = [
  {
    parent: { displayName: 'Contoso Ltd', type: 'Company' },
    product: 'SKYLINE_MAIL',
    displayName: 'Skyline Mail – Contoso',
    quantity: 25,
    productValues: { Domain: 'contoso.example', Mailboxes: 25 },
    contractDays: 30,
  },
  {
    parent: { displayName: 'Contoso Ltd', type: 'Company' },
    product: 'SKYLINE_OFFICE_E3',
    displayName: 'Skyline Office E3 – Contoso',
    quantity: 40,
    productValues: { TenantDomain: 'contoso.onskyline.example', Seats: 40 },
    autoRenew: 'Renew',
    contractDays: 240,
  },
  {
    parent: { displayName: 'Contoso Ltd', type: 'Company' },
    product: 'SKYLINE_CRM',
    displayName: 'Skyline CRM – Contoso',
    quantity: 10,
    productValues: { Region: 'EU', Edition: 'Enterprise' },
    contractDays: DEMO_CRM_LOCK_DAYS,
    lockDays: DEMO_CRM_LOCK_DAYS,
  },
  {
    parent: { displayName: 'Carl Jensen', type: 'User' },
    product: 'SKYLINE_DESIGN',
    displayName: 'Skyline Design Studio – Carl Jensen',
    quantity: 1,
    productValues: { LicenseEmail: 'carl.jensen@contoso.example' },
    contractDays: 30,
  },
  // Fabrikam's side, so that cross-tenant tests have a foreign subscription to aim at.
  {
    parent: { displayName: 'Litware Inc', type: 'Company' },
    product: 'SKYLINE_MAIL',
    displayName: 'Skyline Mail – Litware',
    quantity: 12,
    productValues: { Domain: 'litware.example', Mailboxes: 12 },
    contractDays: 30,
  },
];

/** The views of a Product account: `Product` {ProductName, Quantity} and the product's own view. */
export const productAccountViews = (productName: string, quantity: number, productValues: Record<string, unknown>): Views => ({
  Product: { Values: { ProductName: productName, Quantity: quantity } },
  [`Product_${productName}`]: { Values: productValues },
});

/**
 * Loads the vendor's products and Contoso's (and one of Litware's) subscriptions: Product accounts
 * with their view values and commercial terms, each with its AccountCreated audit entry.
 */
export async function loadDemoCatalog(tx: Tx, admin: AccountRow): Promise<void> {
  const byName = async (displayName: string, type: string) => {
    const [row] = await tx.select().from(accounts).where(and(eq(accounts.displayName, displayName), eq(accounts.type, type))).limit(1);
    if (!row) throw new Error(`demo catalog: account ${displayName} (${type}) is missing from the demo world`);
    return row;
  };
  const vendor = await byName('Skyline Software', 'Vendor');
  await tx.insert(products).values(DEMO_PRODUCTS.map((p) => ({ ...p, vendorAccountId: vendor.id, isActive: true })));

  const now = Date.now();
  for (const s of DEMO_SUBSCRIPTIONS) {
    const parent = await byName(s.parent.displayName, s.parent.type);
    const product = DEMO_PRODUCTS.find((p) => p.name === s.product)!;
    const account = await insertAccount(tx, {
      type: 'Product',
      parent,
      displayName: s.displayName,
      productName: product.name,
      views: productAccountViews(product.name, s.quantity, s.productValues),
    });
    await tx.insert(subscriptions).values({
      accountId: account.id,
      productName: product.name,
      quantity: s.quantity,
      isPrepaid: product.isPrepaid,
      autoRenew: s.autoRenew ?? 'Renew',
      commitment: product.commitment,
      minimumContractEndDate: new Date(now + s.contractDays * DAY_MS),
      lockPeriodEndDate: s.lockDays ? new Date(now + s.lockDays * DAY_MS) : null,
    });
    await writeAudit(tx, null, {
      action: 'AccountCreated',
      actorAccountId: admin.id,
      accountId: account.id,
      accountPath: account.path,
      details: { AccountType: 'Product', DisplayName: account.displayName, ParentAccountId: parent.id },
    });
  }
}
