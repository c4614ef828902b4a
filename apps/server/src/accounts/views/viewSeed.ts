import type { FieldDefinition, StoredPage } from '@cmp/contracts/accountViews';
import { FIELD_LABELS, SECTION_LABELS, labels } from './seedLabels';

// The seeded view definitions and layouts (preamble "The demo catalog", accounts issue "Account
// view"). They are written into view_definitions / view_layouts once; from then on they are data
// an owner may change or extend without a release.

const EMAIL_PATTERN = '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$';
const PHONE_PATTERN = '^\\+?[0-9 ()/.-]{4,30}$';
const DOMAIN_PATTERN = '^([a-zA-Z0-9-]+\\.)+[a-zA-Z]{2,}$';

const text = (Name: string, MaxLength: number, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ Name, Type: 'string', Required: false, MaxLength, ...extra });
const int = (Name: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({ Name, Type: 'int32', Required: false, MaxLength: null, ...extra });

const organisationFields: FieldDefinition[] = [
  text('DisplayName', 100, { Required: true }),
  text('AccountIdentificator', 50, { Unique: true, Pattern: '^[A-Za-z0-9-]+$' }),
  text('Country', 2, { Required: true, EnumName: 'Countries' }),
  text('VatNumber', 20, { RemoteCheck: 'VatNumber' }),
  text('Currency', 3, { EnumName: 'Currencies' }),
  text('Email', 254, { Pattern: EMAIL_PATTERN }),
  text('Phone', 30, { Pattern: PHONE_PATTERN }),
  text('Street', 100),
  text('PostalCode', 20),
  text('City', 100),
  // Bank details: changing where money goes needs a second factor (spec §5).
  text('Iban', 34, { Pattern: '^[A-Z]{2}[0-9]{2}[A-Z0-9]{10,30}$', MfaProtected: true }),
];

/** view name → fields. */
export const SEEDED_VIEW_DEFINITIONS: Record<string, FieldDefinition[]> = {
  Account: [text('AccountType', 20, { Required: true }), int('ParentAccountId', { Required: true }), text('ProductName', 100)],
  Reseller: organisationFields,
  Company: organisationFields,
  // A vendor is an organisation like the others: its own view, shown on its account page (issue 10).
  Vendor: organisationFields,
  Department: [text('DisplayName', 100, { Required: true }), text('CostCenter', 30)],
  User: [
    text('Firstname', 50, { Required: true }),
    text('Lastname', 50, { Required: true }),
    text('Email', 254, { Required: true, Pattern: EMAIL_PATTERN }),
    // Unique across the platform (sign-in name); later changed only through ChangeUsername.
    text('Username', 100, { Required: true, Unique: true, CreateOnly: true, Pattern: '^[A-Za-z0-9._@-]+$' }),
    text('Phone', 30, { Pattern: PHONE_PATTERN }),
    text('Language', 2, { EnumName: 'Languages' }),
  ],
  Product: [text('ProductName', 100, { ReadOnly: true }), int('Quantity', { Required: true, CreateOnly: true })],
  Product_SKYLINE_MAIL: [text('Domain', 253, { Required: true, Pattern: DOMAIN_PATTERN }), int('Mailboxes')],
  Product_SKYLINE_OFFICE_E3: [text('TenantDomain', 253, { Pattern: DOMAIN_PATTERN }), int('Seats')],
  Product_SKYLINE_CRM: [text('Region', 10, { EnumName: 'Regions' }), text('Edition', 50)],
  Product_SKYLINE_BACKUP: [int('StorageGb'), int('RetentionDays')],
  Product_SKYLINE_DESIGN: [text('LicenseEmail', 254, { Pattern: EMAIL_PATTERN })],
};

const container = (id: string, view: string, fields: string[]) => ({
  Id: id,
  Name: id,
  Labels: labels(SECTION_LABELS[id]!),
  Fields: fields.map((field) => ({ Field: `${view}.${field}`, Labels: labels(FIELD_LABELS[field]!) })),
});
const page = (id: string, containers: ReturnType<typeof container>[]): StoredPage => ({ Id: id, Name: id, Labels: labels(SECTION_LABELS[id]!), Containers: containers });

const organisationContainers = (view: string) => [
  container('General', view, ['DisplayName', 'AccountIdentificator', 'Country', 'VatNumber', 'Currency']),
  container('Contact', view, ['Email', 'Phone']),
  container('Address', view, ['Street', 'PostalCode', 'City']),
  container('Billing', view, ['Iban']),
];
const departmentContainers = [container('General', 'Department', ['DisplayName', 'CostCenter'])];
const userContainers = [container('General', 'User', ['Firstname', 'Lastname', 'Email', 'Phone', 'Language']), container('SignIn', 'User', ['Username'])];

const PRODUCT_FIELDS: Record<string, string[]> = {
  SKYLINE_MAIL: ['Domain', 'Mailboxes'],
  SKYLINE_OFFICE_E3: ['TenantDomain', 'Seats'],
  SKYLINE_CRM: ['Region', 'Edition'],
  SKYLINE_BACKUP: ['StorageGb', 'RetentionDays'],
  SKYLINE_DESIGN: ['LicenseEmail'],
};

export interface SeededLayout {
  accountType: string;
  view: string;
  productName: string;
  pages: StoredPage[];
}

/** The account view uses the layout (type, type's view); the Create screen the layout (type, 'Create'). */
export const SEEDED_LAYOUTS: SeededLayout[] = [
  ...(['Reseller', 'Company'] as const).flatMap((type) => [
    { accountType: type, view: type, productName: '', pages: [page('Overview', organisationContainers(type))] },
    { accountType: type, view: 'Create', productName: '', pages: [page('NewAccount', organisationContainers(type))] },
  ]),
  // Vendors are placed by the platform owner, not through the Create screen: only their view layout.
  { accountType: 'Vendor', view: 'Vendor', productName: '', pages: [page('Overview', organisationContainers('Vendor'))] },
  { accountType: 'Department', view: 'Department', productName: '', pages: [page('Overview', departmentContainers)] },
  { accountType: 'Department', view: 'Create', productName: '', pages: [page('NewAccount', departmentContainers)] },
  { accountType: 'User', view: 'User', productName: '', pages: [page('Overview', userContainers)] },
  { accountType: 'User', view: 'Create', productName: '', pages: [page('NewAccount', userContainers)] },
  // Product accounts: the base layout, merged by the portal with the first page of the product's own.
  { accountType: 'Product', view: 'Product', productName: '', pages: [page('Overview', [container('Subscription', 'Product', ['ProductName', 'Quantity'])])] },
  ...Object.entries(PRODUCT_FIELDS).map(([product, fields]) => ({
    accountType: 'Product',
    view: 'Product',
    productName: product,
    pages: [page('Overview', [container('ServiceSettings', `Product_${product}`, fields)])],
  })),
];
