import { and, eq } from 'drizzle-orm';
import type { OrderRequest } from '@cmp/contracts/orders';
import type { Tx } from '../platform/db/database';
import { daysAgo } from '../platform/dates';
import { accounts, orders, provisioningRequests, subscriptions, users } from '../platform/db/schema';
import { findCompanyAccount, type AccountRow } from '../platform/session';
import { writeAudit } from '../platform/audit';
import { loadImportCaller } from '../imports/importRunner';
import { placeOrderWithDetail } from '../orders/placeOrder';
import { decideOrder, type OrderRow } from '../orders/orderStateMachine';


/**
 * Credit-check orders and provisioning requests in different states (DESIGN.md "Demo data").
 * Every order is placed through PlaceOrder's own domain function (issue 30: a hand-inserted order
 * had no Product account, and approving it provisioned seats at the vendor that nothing billed), so
 * each has its subscription from the start: Contoso has one order waiting for approval; Adventure
 * Works had one declined and a new Skyline Backup whose provisioning failed transiently (a retry
 * against the vendor sandbox completes it); Fabrikam's Litware has its own pending order and a
 * failed change, so cross-tenant tests have something foreign to aim at. The subscriptions made by
 * hand in demoCatalog.ts were delivered before the portal's history: each has its completed Create.
 * Runs after the credit limits and the billing history, so the credit check sees the open balance.
 */
export async function loadDemoOrders(tx: Tx): Promise<void> {
  const account = async (displayName: string, type: string) => {
    const [row] = await tx.select().from(accounts).where(and(eq(accounts.displayName, displayName), eq(accounts.type, type))).limit(1);
    if (!row) throw new Error(`demo orders: account ${displayName} (${type}) is missing from the demo world`);
    return row;
  };
  const user = async (username: string) => {
    const [row] = await tx.select({ accountId: users.accountId }).from(users).where(eq(users.username, username)).limit(1);
    if (!row) throw new Error(`demo orders: user ${username} is missing from the demo world`);
    return row.accountId;
  };

  const contoso = await account('Contoso Ltd', 'Company');
  const adventureWorks = await account('Adventure Works', 'Company');
  const litware = await account('Litware Inc', 'Company');
  const companyAdmin = await user('company.admin');
  const resellerAdmin = await user('reseller.admin');
  const awAdmin = await user('aw.admin');
  const otherAdmin = await user('other.admin');

  /** PlaceOrder's path as the orderer; the approval the credit check gave is the one the demo needs. */
  const place = async (orderer: number, company: AccountRow, request: Omit<OrderRequest, 'parentAccountId' | 'billingFrequency'>, expected: OrderRow['approvalStatus'], placedDaysAgo: number) => {
    const caller = await loadImportCaller(tx, orderer);
    if (!caller) throw new Error(`demo orders: user ${orderer} cannot order`);
    const { order } = await placeOrderWithDetail(tx, caller, 'en', { ...request, parentAccountId: company.id, billingFrequency: 'Monthly' }, company, company);
    if (order.approvalStatus !== expected) throw new Error(`demo orders: ${request.productName} for ${company.displayName} is ${order.approvalStatus}, not ${expected}`);
    // As the demo's other accounts, its Product account has its AccountCreated entry (demoWorld.ts).
    const [product] = await tx.select().from(accounts).where(eq(accounts.id, order.subscriptionAccountId!));
    await writeAudit(tx, null, { action: 'AccountCreated', actorAccountId: orderer, accountId: product!.id, accountPath: product!.path, details: { AccountType: 'Product', DisplayName: product!.displayName, ParentAccountId: company.id } });
    // Placed days ago: an order the credit check approved was decided as it was placed.
    const placedAt = daysAgo(placedDaysAgo);
    await tx.update(orders).set({ createdAt: placedAt, updatedAt: placedAt, ...(order.decidedAt && { decidedAt: placedAt }) }).where(eq(orders.id, order.id));
    return order;
  };

  // Contoso (limit EUR 2,700, about EUR 1,019 left): 500 backup seats wait for Northwind's approval.
  await place(companyAdmin, contoso, { productName: 'SKYLINE_BACKUP', quantity: 500, commitment: '1-month' }, 'Pending', 2);
  // Adventure Works (limit 3,000): 100 CRM seats were declined; 25 backup seats were approved.
  const awCrm = await place(awAdmin, adventureWorks, { productName: 'SKYLINE_CRM', quantity: 100, commitment: 'annual' }, 'Pending', 6);
  await decideOrder(tx, awCrm.id, 'decline', resellerAdmin, 'The credit limit is exceeded; please pay in advance or order fewer seats.');
  await tx.update(orders).set({ decidedAt: daysAgo(5), updatedAt: daysAgo(5) }).where(eq(orders.id, awCrm.id));
  const awBackup = await place(awAdmin, adventureWorks, { productName: 'SKYLINE_BACKUP', quantity: 25, commitment: '1-month' }, 'Approved', 2);
  // … whose Create the vendor sandbox was unavailable for until the job gave up (issue 14): a retry
  // from /provisioning sends the same submission again and completes it.
  await tx
    .update(provisioningRequests)
    .set({ orderStatus: 'Failed', productStatus: 'Failed', errorMessage: 'Service temporarily unavailable', customerId: 'adventureworks.onskyline.example', attempts: 8, sendDate: daysAgo(2), createdAt: daysAgo(2), nextAttemptAt: null })
    .where(eq(provisioningRequests.orderId, awBackup.id));
  await tx.update(subscriptions).set({ status: 'Failed' }).where(eq(subscriptions.accountId, awBackup.subscriptionAccountId!));
  // Litware (limit EUR 50,000): 1,000 CRM seats wait for Fabrikam's approval.
  await place(otherAdmin, litware, { productName: 'SKYLINE_CRM', quantity: 1000, commitment: 'annual' }, 'Pending', 1);

  await loadDemoSubscriptionRequests(tx, { account, user, daysAgo });
}

interface DemoLookups {
  account: (displayName: string, type: string) => Promise<AccountRow>;
  user: (username: string) => Promise<number>;
  daysAgo: (days: number) => Date;
}

/** The hand-made subscriptions' delivery (a completed Create each) and the changes in flight on them. */
async function loadDemoSubscriptionRequests(tx: Tx, { account, user, daysAgo }: DemoLookups): Promise<void> {
  const companyAdmin = await user('company.admin');
  const litwareOps = await user('litware.ops');
  const delivered = await tx
    .select({ accountId: subscriptions.accountId, productName: subscriptions.productName, quantity: subscriptions.quantity, path: accounts.path })
    .from(subscriptions)
    .innerJoin(accounts, eq(accounts.id, subscriptions.accountId))
    .where(eq(subscriptions.status, 'Active'));
  for (const s of delivered) {
    const company = await findCompanyAccount(tx, { path: s.path });
    if (!company) continue;
    await tx.insert(provisioningRequests).values({
      companyAccountId: company.id,
      subscriptionAccountId: s.accountId,
      productName: s.productName,
      quantity: s.quantity,
      orderStatus: 'Completed',
      productStatus: 'Active',
      isFinalStatus: true,
      customerId: `company-${company.id}`,
      sendDate: daysAgo(124),
      createdAt: daysAgo(124),
    });
  }
  const contoso = await account('Contoso Ltd', 'Company');
  const litware = await account('Litware Inc', 'Company');
  const contosoMail = await account('Skyline Mail – Contoso', 'Product');
  const contosoCrm = await account('Skyline CRM – Contoso', 'Product');
  const litwareMail = await account('Skyline Mail – Litware', 'Product');
  await tx.insert(provisioningRequests).values([
    {
      companyAccountId: contoso.id,
      subscriptionAccountId: contosoCrm.id,
      productName: 'SKYLINE_CRM',
      action: 'Modify',
      orderStatus: 'Failed',
      productStatus: 'Error',
      rollbackCompleted: true,
      errorMessage: 'Skyline rejected the change from 10 to 15 seats: the EU region has no free capacity for the Enterprise edition (SKY-4102).',
      customerId: 'contoso.onskyline.example',
      sendDate: daysAgo(1),
      createdByAccountId: companyAdmin,
      createdAt: daysAgo(1),
    },
    {
      companyAccountId: contoso.id,
      subscriptionAccountId: contosoMail.id,
      productName: 'SKYLINE_MAIL',
      action: 'Modify',
      orderStatus: 'InProgress',
      productStatus: 'Provisioning',
      customerId: 'contoso.example',
      sendDate: daysAgo(0),
      createdByAccountId: companyAdmin,
    },
    {
      companyAccountId: litware.id,
      subscriptionAccountId: litwareMail.id,
      productName: 'SKYLINE_MAIL',
      action: 'Modify',
      quantity: 15,
      orderStatus: 'Failed',
      productStatus: 'Error',
      errorMessage: 'Skyline did not answer within 120 seconds (timeout).',
      customerId: 'litware.onskyline.example',
      sendDate: daysAgo(1),
      createdByAccountId: litwareOps,
      createdAt: daysAgo(1),
    },
  ]);
}
