import { and, eq } from 'drizzle-orm';
import { getMyServicesRequestSchema, getMyServicesResponseSchema, myServiceSchema, saveMyServiceRequestSchema } from '@cmp/contracts/catalog';
import { auditAccountChange } from '../platform/audit';
import { ownerServiceSettings, products } from '../platform/db/schema';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { listMyServices, myServicesFacets } from './myServices';
import { MY_SERVICES_READ, SERVICE_TOOL_EDIT, requireServiceOwner } from './serviceAccess';

// My services (issue 13): a reseller enables or disables the catalog's services for its customers
// and replaces their names and descriptions; a vendor sees its own services.

const compactTexts = (texts: Partial<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(Object.entries(texts).filter((entry): entry is [string, string] => Boolean(entry[1]?.trim())));

const getMyServices = defineOperation({
  service: 'IServiceManagementService',
  operation: 'GetMyServices',
  readOnly: true,
  summary:
    "One page of My services for an owner (ownerAccountId, by default the caller's organisation): for a reseller every active service of the catalog with its settings (enabled for its customers, its names and descriptions per language), for a vendor its own services; filtered by text, vendor, category and enabled, sorted, with the total and the list's vendors and categories.",
  request: getMyServicesRequestSchema,
  response: getMyServicesResponseSchema,
  rule: MY_SERVICES_READ,
  async handler(input, { db, caller, locale }) {
    const owner = await requireServiceOwner(db, caller, input.ownerAccountId, MY_SERVICES_READ, ['Reseller', 'Vendor']);
    const { services, total } = await listMyServices(db, owner, locale, input);
    return { OwnerType: owner.type as 'Reseller' | 'Vendor', Services: services, Total: total, ...(await myServicesFacets(db, owner)) };
  },
});

const saveMyService = defineOperation({
  service: 'IServiceManagementService',
  operation: 'SaveMyService',
  summary:
    "A reseller's settings of one service (serviceName): IsEnabled for its customers, DisplayNames and Descriptions by language replacing the vendor's (what is left out stays; an empty text removes that language). With revisionId, a revision older than the service's is refused (409). Audited as ServiceSettingsSaved.",
  request: saveMyServiceRequestSchema,
  response: myServiceSchema,
  rule: { all: [MY_SERVICES_READ, SERVICE_TOOL_EDIT] },
  async handler(input, ctx) {
    const owner = await requireServiceOwner(ctx.db, ctx.caller, input.ownerAccountId, MY_SERVICES_READ, ['Reseller']);
    return ctx.db.transaction(async (tx) => {
      const [product] = await tx.select().from(products).where(and(eq(products.name, input.serviceName), eq(products.isActive, true))).limit(1);
      if (!product) throw new ApiError(400, 'field_invalid_value', { field: 'serviceName', value: input.serviceName });
      if (input.revisionId !== undefined && input.revisionId < product.revision) throw new ApiError(409, 'service_revision_stale', { name: product.displayName });
      const [current] = await tx
        .select()
        .from(ownerServiceSettings)
        .where(and(eq(ownerServiceSettings.ownerAccountId, owner.id), eq(ownerServiceSettings.productName, product.name)))
        .for('update');
      const settings = input.settings;
      const values = {
        isEnabled: settings.IsEnabled ?? current?.isEnabled ?? true,
        displayNames: settings.DisplayNames ? compactTexts(settings.DisplayNames) : (current?.displayNames ?? {}),
        descriptions: settings.Descriptions ? compactTexts(settings.Descriptions) : (current?.descriptions ?? {}),
        updatedAt: new Date(),
      };
      await tx
        .insert(ownerServiceSettings)
        .values({ ownerAccountId: owner.id, productName: product.name, ...values })
        .onConflictDoUpdate({ target: [ownerServiceSettings.ownerAccountId, ownerServiceSettings.productName], set: values });
      await auditAccountChange(tx, ctx, 'ServiceSettingsSaved', owner, { ServiceName: product.name, IsEnabled: values.isEnabled, DisplayNames: values.displayNames, Descriptions: Object.keys(values.descriptions) });
      const { services } = await listMyServices(tx, owner, ctx.locale, { filter: { Text: product.name }, pageSize: 50 });
      return services.find((service) => service.ServiceName === product.name)!;
    });
  },
});

export const myServicesOperations = [getMyServices, saveMyService];
