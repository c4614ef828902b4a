import { and, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { getCreditLimitResponseSchema } from '@cmp/contracts/orders';
import { auditLog } from '../../platform/db/schema';
import { definePartnerOperation } from '../partnerOperation';

const accountId = z.number().int().positive();

/** The definition's `SimpleCreditLimitRecord`. */
const creditLimitRecordSchema = z.object({
  Comment: z.string(),
  Currency: z.string(),
  Date: z.string(),
  Limit: z.number(),
  RemainingCreditLimit: z.number(),
  HasCreditLimit: z.boolean(),
  CreatedByAccountId: z.number().int(),
  IsLocked: z.boolean(),
});

/** The definition's record dates: "2020-01-03 11:22:33.456000" (UTC). */
const recordDate = (date: Date) => `${date.toISOString().slice(0, 10)} ${date.toISOString().slice(11, 23)}000`;

const getCreditLimit = definePartnerOperation({
  name: 'GetCreditLimit',
  group: 'Credit check',
  summary: "A company's credit limit, what remains of it after the open balance, and its last change (who, when, why — from the audit log).",
  request: z.object({ accountId }).strict(),
  answer: creditLimitRecordSchema,
  readOnly: true,
  async handler({ accountId: id }, ctx) {
    const status = (await ctx.portal('IAccountService/GetCreditLimit', { companyAccountId: id })) as z.infer<typeof getCreditLimitResponseSchema>;
    const [change] = await ctx.db
      .select({ occurredAt: auditLog.occurredAt, actorAccountId: auditLog.actorAccountId, details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.accountId, id), eq(auditLog.action, 'CreditLimitSet')))
      .orderBy(desc(auditLog.id))
      .limit(1);
    const limit = status.CreditLimit === null ? 0 : Number(status.CreditLimit);
    return {
      Comment: typeof change?.details.Comment === 'string' ? change.details.Comment : '',
      Currency: status.Currency ?? '',
      Date: change ? recordDate(change.occurredAt) : '',
      Limit: limit,
      RemainingCreditLimit: status.CreditLimit === null ? 0 : Math.round((limit - Number(status.OpenBalance)) * 100) / 100,
      HasCreditLimit: status.CreditLimit !== null,
      CreatedByAccountId: change?.actorAccountId ?? 0,
      // The portal locks a company's limit only for the length of one credit check.
      IsLocked: false,
    };
  },
});

const setCreditLimit = definePartnerOperation({
  name: 'SetCreditLimit',
  group: 'Credit check',
  summary: "Sets a company's credit limit in its currency, or removes it when `limit` is left out, through the portal's SetCreditLimit (its seller only); the comment is kept in the audit entry.",
  request: z.object({ accountId, limit: z.number().nonnegative().max(999_999_999_999).optional(), comment: z.string().min(1).max(500) }).strict(),
  answer: z.undefined(),
  // The portal's SetCreditLimit leaves cached sessions alone; so does this.
  readOnly: true,
  async handler({ accountId: id, limit, comment }, ctx) {
    await ctx.portal('IAccountService/SetCreditLimit', { companyAccountId: id, creditLimit: limit === undefined ? null : limit.toFixed(2), comment });
    return undefined;
  },
});

export const creditCheckOperations = [getCreditLimit, setCreditLimit];
