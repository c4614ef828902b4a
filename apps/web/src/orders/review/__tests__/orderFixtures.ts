import type { Order } from '@cmp/contracts/orders';
import type { OrderDetail } from '../../api/ordersApi';

export const pendingOrder: Order = {
  Id: 41,
  ApprovalStatus: 'Pending',
  Kind: 'New',
  PreviousQuantity: null,
  ProductName: 'm365-e3',
  ProductDisplayName: 'Microsoft 365 E3',
  Quantity: 120,
  Commitment: 'annual',
  BillingFrequency: 'Monthly',
  IsPrepaid: false,
  CompanyAccountId: 57,
  CompanyName: 'Contoso Ltd',
  ParentAccountId: 58,
  ParentAccountName: 'Finance',
  PayerAccountId: 57,
  PayerName: 'Contoso Ltd',
  SellerAccountId: 3,
  SellerName: 'Northwind Reseller',
  CreatedByAccountId: 90,
  CreatedByName: 'Carla Admin',
  Currency: 'EUR',
  OrderValue: '4320.00',
  CreditLimit: '3000.00',
  ProjectedInvoice: '4820.00',
  CreditCheck: true,
  Reason: '',
  SubscriptionAccountId: 77,
  SubscriptionStatus: 'Pending',
  CreatedAt: '2026-11-20T09:15:00.000Z',
  DecidedAt: null,
  DecidedByName: null,
  CanCancel: true,
  CanDecide: true,
};

export const approvedOrder: Order = {
  ...pendingOrder,
  Id: 40,
  ApprovalStatus: 'Approved',
  ProductDisplayName: 'Azure Backup',
  CompanyName: 'Fabrikam',
  OrderValue: '99.5',
  SubscriptionStatus: 'Active',
  CreditCheck: false,
  DecidedAt: '2026-11-19T10:00:00.000Z',
  DecidedByName: 'Rita Reseller',
  Reason: 'Budget confirmed',
  CanCancel: false,
  CanDecide: false,
};

export const orderDetail = (order: Order): OrderDetail => ({
  ...order,
  Lines: [
    { PriceableItemId: 1, Name: 'Setup', FeeType: 'Setup', Unit: null, UnitPrice: '120.00', Quantity: 1, Amount: '120.00', Rule: null, Basis: 'Srp' },
    {
      PriceableItemId: 2,
      Name: 'Licence',
      FeeType: 'Recurring',
      Unit: 'user',
      UnitPrice: '35.00',
      Quantity: 120,
      Amount: '4200.00',
      Rule: { RuleId: 5, RuleName: 'Partner margin', Model: 'Markup', Parameter: '12', IsDefaultRule: false },
      Basis: 'Pricelist',
    },
  ],
});

export type Answer = (operation: string, body: Record<string, unknown>, init: RequestInit) => { status?: number; body?: unknown };
export const operationOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
