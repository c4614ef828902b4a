import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isAllowed } from '@cmp/contracts/capabilities';
import {
  createCustomChargeRequestSchema,
  customChargeSchema,
  deleteCustomChargeRequestSchema,
  getCustomChargesRequestSchema,
  getCustomChargesResponseSchema,
} from '@cmp/contracts/customCharges';
import { customChargeAttachments, customCharges } from '../platform/db/schema';
import { ApiError, accessDenied } from '../platform/errors';
import { auditAccountChange } from '../platform/audit';
import { withIdempotency } from '../platform/idempotency';
import { defineOperation, type OperationDefinition } from '../platform/operations';
import { money } from '../pricing/money';
import { checkAttachment } from './attachmentChecks';
import { assertMayManageCharges, billingCurrency, customChargesRule, isSellerOf, requireChargeAccount, requireCustomCharge } from './customChargeAccess';
import { customChargeById, listCustomCharges, storedAmountScale, withoutCost } from './customChargeQueries';

// ICustomChargeService (issue 13; spec §3, §4 "Custom charge"): the custom charges of a customer
// company — listed on its billing tab, added by its reseller (Idempotency-Key honoured), deleted
// while they are pending billing. The billing run (a later issue) bills them.

const CREATE_OPERATION = 'ICustomChargeService/CreateCustomCharge';

const getCustomCharges = defineOperation({
  service: 'ICustomChargeService',
  operation: 'GetCustomCharges',
  readOnly: true,
  summary:
    "The custom charges of an account in the caller's hierarchy (accountId), newest first by default: filter by Status (PendingBilling, Billed) and text, sort (sortBy, sortDirection), page (page from 0, pageSize). Answers the company's currency and whether the caller may add or delete charges.",
  request: getCustomChargesRequestSchema,
  response: getCustomChargesResponseSchema,
  rule: customChargesRule('Read'),
  async handler(input, { db, caller }) {
    const account = await requireChargeAccount(db, caller, input.accountId, 'Read');
    // Cost is the seller's business (issue 30): a buyer neither reads it nor orders by it, which would rank the costs.
    const sellerView = isSellerOf(caller, account);
    if (!sellerView && input.sortBy === 'Cost') throw new ApiError(400, 'field_invalid_value', { field: 'sortBy', value: input.sortBy });
    const currency = (await billingCurrency(db, account)) ?? '';
    const { charges, total } = await listCustomCharges(db, {
      accountId: account.id,
      status: input.filter.Status,
      text: input.filter.Text || undefined,
      sortBy: input.sortBy,
      sortDirection: input.sortDirection,
      page: input.page,
      pageSize: input.pageSize,
    });
    const mayManage = account.type === 'Company' && sellerView;
    return {
      CustomCharges: sellerView ? charges : charges.map(withoutCost),
      SellerView: sellerView,
      Total: total,
      Currency: currency,
      MinorUnits: storedAmountScale(currency || 'EUR'),
      CanCreate: mayManage && isAllowed(caller.capabilities, customChargesRule('Create')),
      CanDelete: mayManage && isAllowed(caller.capabilities, customChargesRule('Delete')),
    };
  },
});

/** 400 naming the field when an amount has more decimals than the currency's minor unit (trailing zeros do not count). */
function assertAmountScale(field: string, amount: string, currency: string, scale: number): void {
  if (money(amount).decimalPlaces() <= scale) return;
  const example = scale > 0 ? `12.${'5'.padEnd(scale, '0')}` : '12';
  throw new ApiError(400, 'custom_charge_amount_scale', { field, currency, digits: String(scale), example });
}

const createCustomCharge = defineOperation({
  service: 'ICustomChargeService',
  operation: 'CreateCustomCharge',
  summary:
    "Adds a custom charge to a company below the caller's reseller (accountId; customCharge: Name, Price and Cost as decimal strings in the company's currency — positive or negative, at its minor unit — Description, Attachment {FileName, ContentType, ContentBase64}: doc, docx, xls, xlsx or pdf, at most 512 KB). Pending billing until the billing run. Send an Idempotency-Key header to make a retry safe: the same key and body answer the same charge, another body 422.",
  request: createCustomChargeRequestSchema,
  response: customChargeSchema,
  rule: customChargesRule('Create'),
  async handler(input, ctx) {
    const account = await requireChargeAccount(ctx.db, ctx.caller, input.accountId, 'Create');
    assertMayManageCharges(ctx.caller, account);
    const currency = await billingCurrency(ctx.db, account);
    if (!currency) throw new ApiError(400, 'field_required', { field: 'Company.Currency' });
    const scale = storedAmountScale(currency);
    const charge = input.customCharge;
    assertAmountScale('customCharge.Price', charge.Price, currency, scale);
    assertAmountScale('customCharge.Cost', charge.Cost, currency, scale);
    const attachment = charge.Attachment ? checkAttachment(charge.Attachment) : undefined;

    return withIdempotency(ctx, CREATE_OPERATION, input, async (tx) => {
      const [row] = await tx
        .insert(customCharges)
        .values({
          accountId: account.id,
          name: charge.Name,
          description: charge.Description ?? '',
          price: money(charge.Price).toFixed(scale),
          cost: money(charge.Cost).toFixed(scale),
          currency,
          createdByAccountId: ctx.caller.userAccount.id,
        })
        .returning({ id: customCharges.id });
      const customChargeId = row!.id;
      if (attachment) {
        await tx.insert(customChargeAttachments).values({
          customChargeId,
          fileName: attachment.fileName,
          storageName: attachment.storageName,
          contentType: attachment.contentType,
          sizeBytes: attachment.content.length,
          content: attachment.content,
        });
      }
      const created = await customChargeById(tx, customChargeId);
      await auditAccountChange(tx, ctx, 'CustomChargeCreated', account, {
        CustomChargeId: customChargeId,
        Name: created.Name,
        Price: created.Price,
        Cost: created.Cost,
        Currency: currency,
        ...(attachment ? { Attachment: attachment.fileName } : {}),
      });
      return created;
    });
  },
});

const deleteCustomCharge = defineOperation({
  service: 'ICustomChargeService',
  operation: 'DeleteCustomCharge',
  summary: 'Deletes a custom charge (customChargeId) with its attachment while it is pending billing; a billed charge answers 409 and stays.',
  request: deleteCustomChargeRequestSchema,
  response: z.object({}),
  rule: customChargesRule('Delete'),
  async handler(input, ctx) {
    const { charge, account } = await requireCustomCharge(ctx.db, ctx.caller, input.customChargeId, 'Delete');
    assertMayManageCharges(ctx.caller, account);
    await ctx.db.transaction(async (tx) => {
      // Conditional on the status (DESIGN.md state machines): a billing run that bills it meanwhile wins, and the delete answers 409.
      const deleted = await tx
        .delete(customCharges)
        .where(and(eq(customCharges.id, charge.id), eq(customCharges.status, 'PendingBilling')))
        .returning({ id: customCharges.id });
      if (!deleted.length) {
        const [still] = await tx.select({ status: customCharges.status }).from(customCharges).where(eq(customCharges.id, charge.id));
        // Deleted by a concurrent request: gone, like any id the caller cannot see.
        if (!still) throw accessDenied();
        throw new ApiError(409, 'custom_charge_not_pending', { name: charge.name });
      }
      await auditAccountChange(tx, ctx, 'CustomChargeDeleted', account, { CustomChargeId: charge.id, Name: charge.name, Price: charge.price, Currency: charge.currency });
    });
    return {};
  },
});

export const customChargeOperations: OperationDefinition[] = [getCustomCharges, createCustomCharge, deleteCustomCharge];
