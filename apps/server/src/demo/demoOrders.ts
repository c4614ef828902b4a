import { and, eq } from 'drizzle-orm';
import type { Tx } from '../platform/db/database';
import { accounts, orders, provisioningRequests, users } from '../platform/db/schema';
import { daysAgo } from '../platform/dates';


/**
 * Credit-check orders and provisioning requests in different states (DESIGN.md "Demo data"):
 * Contoso has one order waiting for approval, one approved, a failed and a running change;
 * Adventure Works had an order rejected and a new Skyline Backup whose provisioning failed
 * transiently (a retry against the vendor sandbox completes it); Fabrikam's Litware has its own of each, so cross-tenant
 * tests have something foreign to aim at.
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

  const northwind = await account('Northwind Cloud', 'Reseller');
  const fabrikam = await account('Fabrikam Distribution', 'Reseller');
  const contoso = await account('Contoso Ltd', 'Company');
  const adventureWorks = await account('Adventure Works', 'Company');
  const litware = await account('Litware Inc', 'Company');
  const contosoOffice = await account('Skyline Office E3 – Contoso', 'Product');
  const contosoMail = await account('Skyline Mail – Contoso', 'Product');
  const contosoCrm = await account('Skyline CRM – Contoso', 'Product');
  const companyAdmin = await user('company.admin');
  const resellerAdmin = await user('reseller.admin');
  const awAdmin = await user('aw.admin');
  const litwareOps = await user('litware.ops');
  const otherAdmin = await user('other.admin');

  const sale = (company: typeof contoso, seller: typeof northwind) => ({ companyAccountId: company.id, parentAccountId: company.id, payerAccountId: company.id, sellerAccountId: seller.id });
  const [, contosoOfficeOrder, , litwareOrder] = await tx
    .insert(orders)
    .values([
      {
        ...sale(contoso, northwind),
        productName: 'SKYLINE_BACKUP',
        quantity: 50,
        currency: 'EUR',
        orderValue: '1500.00',
        creditLimit: '1000.00',
        projectedInvoice: '2480.00',
        creditCheck: true,
        reason: 'The order value exceeds the available credit.',
        createdByAccountId: companyAdmin,
        createdAt: daysAgo(2),
      },
      {
        ...sale(contoso, northwind),
        productName: 'SKYLINE_OFFICE_E3',
        quantity: 40,
        currency: 'EUR',
        orderValue: '9120.00',
        creditLimit: '10000.00',
        projectedInvoice: '9120.00',
        approvalStatus: 'Approved',
        createdByAccountId: companyAdmin,
        createdAt: daysAgo(125),
        decidedByAccountId: resellerAdmin,
        decidedAt: daysAgo(124),
      },
      {
        ...sale(adventureWorks, northwind),
        productName: 'SKYLINE_CRM',
        quantity: 100,
        currency: 'USD',
        orderValue: '36000.00',
        creditLimit: '5000.00',
        projectedInvoice: '36000.00',
        creditCheck: true,
        approvalStatus: 'Rejected',
        reason: 'The credit limit is exceeded; please pay in advance or order fewer seats.',
        createdByAccountId: awAdmin,
        createdAt: daysAgo(6),
        decidedByAccountId: resellerAdmin,
        decidedAt: daysAgo(5),
      },
      {
        ...sale(litware, fabrikam),
        productName: 'SKYLINE_CRM',
        quantity: 20,
        currency: 'EUR',
        orderValue: '7200.00',
        creditLimit: '5000.00',
        projectedInvoice: '7800.00',
        creditCheck: true,
        reason: 'The order value exceeds the available credit.',
        createdByAccountId: otherAdmin,
        createdAt: daysAgo(1),
      },
    ])
    .returning();

  await tx.insert(provisioningRequests).values([
    {
      orderId: contosoOfficeOrder!.id,
      companyAccountId: contoso.id,
      subscriptionAccountId: contosoOffice.id,
      productName: 'SKYLINE_OFFICE_E3',
      orderStatus: 'Completed',
      productStatus: 'Active',
      isFinalStatus: true,
      customerId: 'contoso.onskyline.example',
      sendDate: daysAgo(124),
      createdByAccountId: companyAdmin,
      createdAt: daysAgo(124),
    },
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
      // A new subscription the vendor sandbox was unavailable for until the job gave up (issue 14):
      // a retry from /provisioning sends the same submission again and completes it.
      companyAccountId: adventureWorks.id,
      productName: 'SKYLINE_BACKUP',
      action: 'Create',
      quantity: 25,
      orderStatus: 'Failed',
      productStatus: 'Failed',
      errorMessage: 'Service temporarily unavailable',
      customerId: 'adventureworks.onskyline.example',
      attempts: 8,
      sendDate: daysAgo(2),
      createdByAccountId: awAdmin,
      createdAt: daysAgo(2),
    },
    {
      orderId: litwareOrder!.id,
      companyAccountId: litware.id,
      productName: 'SKYLINE_CRM',
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
