import { eq } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import { requirement } from '@cmp/contracts/capabilities';
import {
  getSupportDetailsForAccountRequestSchema,
  getSupportDetailsForAccountResponseSchema,
  getSupportDetailsRequestSchema,
  getSupportDetailsResponseSchema,
  saveSupportDetailsRequestSchema,
} from '@cmp/contracts/support';
import { auditAccountChange } from '../platform/audit';
import { supportDetails } from '../platform/db/schema';
import { requireAccountInHierarchy } from '../platform/access';
import { ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { completeSupportDetails, nearestSupportDetails } from './supportDetailsQueries';

// spec §6 "The support link and panel need Read on support contact details".
const SUPPORT_READ = requirement('SUPPORT_CONTACT_DETAILS', ['Read']);
const SUPPORT_WRITE = requirement('SUPPORT_CONTACT_DETAILS', ['Create']);

const getSupportDetails = defineOperation({
  service: 'IAccountService',
  operation: 'GetSupportDetails',
  readOnly: true,
  summary: "The support details the caller sees: those of the nearest account above them that has its own (their company, its reseller, … the platform owner).",
  request: getSupportDetailsRequestSchema,
  response: getSupportDetailsResponseSchema,
  rule: SUPPORT_READ,
  async handler(_input, { db, caller }) {
    return nearestSupportDetails(db, caller.userAccount.path);
  },
});

const getSupportDetailsForAccount = defineOperation({
  service: 'IAccountService',
  operation: 'GetSupportDetailsForAccount',
  readOnly: true,
  summary: "A reseller's own support details, as its editor starts from them.",
  request: getSupportDetailsForAccountRequestSchema,
  response: getSupportDetailsForAccountResponseSchema,
  rule: SUPPORT_READ,
  async handler(input, { db, caller }) {
    const account = await requireAccountInHierarchy(db, caller, input.accountId, SUPPORT_READ);
    if (account.type !== 'Reseller') throw new ApiError(400, 'support_details_reseller_only');
    const [row] = await db.select().from(supportDetails).where(eq(supportDetails.accountId, account.id)).limit(1);
    return { AccountId: account.id, DisplayName: account.displayName, SupportDetails: completeSupportDetails(row?.details) };
  },
});

const saveSupportDetails = defineOperation({
  service: 'IAccountService',
  operation: 'SaveSupportDetails',
  summary: "Saves a reseller's support details (e-mail addresses and http/https links are checked); the accounts below it inherit them.",
  request: saveSupportDetailsRequestSchema,
  response: okResponseSchema,
  rule: SUPPORT_WRITE,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const account = await requireAccountInHierarchy(db, caller, input.accountId, SUPPORT_WRITE);
    if (account.type !== 'Reseller') throw new ApiError(400, 'support_details_reseller_only');
    // Empty fields are dropped: an unset field shows nothing (the panel hides empty blocks).
    const details = Object.fromEntries(Object.entries(input.supportDetails).filter((entry): entry is [string, string] => Boolean(entry[1])));
    const values = { details, updatedAt: new Date() };
    await db.transaction(async (tx) => {
      await tx.insert(supportDetails).values({ accountId: account.id, ...values }).onConflictDoUpdate({ target: supportDetails.accountId, set: values });
      await auditAccountChange(tx, ctx, 'SupportDetailsSaved', account, details);
    });
    return { Success: true };
  },
});

export const supportOperations = [getSupportDetails, getSupportDetailsForAccount, saveSupportDetails];
