import type { AvailableService, Order, OrderPreview } from '@cmp/contracts/orders';
import type { AvailableServicesPage } from '../../api/orderWizardApi';

export const mail: AvailableService = {
  ProductName: 'SKYLINE_MAIL',
  DisplayName: 'Skyline Mail',
  Description: 'Business e-mail with a 50 GB mailbox per user.',
  VendorName: 'Skyline Software',
  Category: 'Communication',
  Commitments: ['1-month', 'annual'],
  IsPrepaid: true,
  Price: '5.47',
  PriceUnit: 'user',
  BillingPeriod: 'Monthly',
  Problem: null,
};
export const warehouse: AvailableService = {
  ...mail,
  ProductName: 'ORBIT_WAREHOUSE',
  DisplayName: 'Orbit Data Warehouse',
  Description: '',
  VendorName: 'Orbit Analytics',
  Category: null,
  Commitments: ['annual', '3-year'],
  IsPrepaid: false,
  Price: '120',
  PriceUnit: null,
  BillingPeriod: 'Annual',
};
export const unpriced: AvailableService = { ...mail, ProductName: 'NIMBUS_VPN', DisplayName: 'Nimbus VPN', Price: null, Problem: 'no_rule' };

export function availablePage(overrides: Partial<AvailableServicesPage> = {}): AvailableServicesPage {
  return { AccountId: 57, AccountName: 'Contoso Ltd', Currency: 'EUR', Services: [mail, warehouse, unpriced], Total: 3, CanOrder: true, ...overrides };
}

export function buildPreview(overrides: Partial<OrderPreview> = {}): OrderPreview {
  return {
    ProductName: 'SKYLINE_MAIL',
    DisplayName: 'Skyline Mail',
    ParentAccountId: 57,
    ParentAccountName: 'Contoso Ltd',
    CompanyAccountId: 57,
    CompanyName: 'Contoso Ltd',
    Quantity: 10,
    Commitment: 'annual',
    BillingFrequency: 'Annual',
    IsPrepaid: false,
    Currency: 'EUR',
    Lines: [
      {
        PriceableItemId: 1,
        Name: 'Mailbox',
        FeeType: 'Recurring',
        Unit: 'user',
        UnitPrice: '65.64',
        Quantity: 10,
        Amount: '656.40',
        Rule: { RuleId: 3, RuleName: 'Collaboration margin', Model: 'Markup', Parameter: '12', IsDefaultRule: false },
        Basis: 'Pricelist',
      },
      { PriceableItemId: 2, Name: 'Onboarding', FeeType: 'Setup', Unit: null, UnitPrice: '250', Quantity: 1, Amount: '250.00', Rule: null, Basis: 'Srp' },
    ],
    SetupFee: '250.00',
    RecurringCharge: '656.40',
    OrderValue: '906.40',
    OpenBalance: '4300.00',
    CreditLimit: '5000.00',
    ProjectedInvoice: '5206.40',
    NeedsApproval: true,
    TermEndDate: '2027-11-26',
    ...overrides,
  };
}

export function buildOrder(overrides: Partial<Order> = {}): Order & { Lines: OrderPreview['Lines'] } {
  return {
    Id: 9001,
    ApprovalStatus: 'Pending',
    Kind: 'New',
    PreviousQuantity: null,
    ProductName: 'SKYLINE_MAIL',
    ProductDisplayName: 'Skyline Mail',
    Quantity: 10,
    Commitment: 'annual',
    BillingFrequency: 'Annual',
    IsPrepaid: false,
    CompanyAccountId: 57,
    CompanyName: 'Contoso Ltd',
    ParentAccountId: 57,
    ParentAccountName: 'Contoso Ltd',
    PayerAccountId: 57,
    PayerName: 'Contoso Ltd',
    SellerAccountId: 2,
    SellerName: 'Northwind Reseller',
    CreatedByAccountId: 1203,
    CreatedByName: 'Ada Lovelace',
    Currency: 'EUR',
    OrderValue: '906.40',
    CreditLimit: '5000.00',
    ProjectedInvoice: '5206.40',
    CreditCheck: true,
    Reason: '',
    SubscriptionAccountId: 7001,
    SubscriptionStatus: 'Pending',
    CreatedAt: '2026-11-26T20:00:00Z',
    DecidedAt: null,
    DecidedByName: null,
    CanCancel: true,
    CanDecide: false,
    Lines: buildPreview().Lines,
    ...overrides,
  };
}
