import { and, eq, inArray } from 'drizzle-orm';
import { okResponseSchema } from '@cmp/contracts/auth';
import { requirement } from '@cmp/contracts/capabilities';
import { acceptTermsRequestSchema, getMyConfirmedTermsRequestSchema, getMyConfirmedTermsResponseSchema } from '@cmp/contracts/terms';
import type { Queryable } from '../platform/db/database';
import { termAcceptances, terms } from '../platform/db/schema';
import { writeAudit, requestMeta } from '../platform/audit';
import { requireAccountInHierarchy } from '../platform/access';
import { accessDenied, ApiError } from '../platform/errors';
import { defineOperation } from '../platform/operations';
import { pathIds, type CallerSession } from '../platform/session';

// Reading and accepting the terms is what every user may do (spec §1 "accept terms and conditions").
const TERMS_READ = requirement('CONFIRMED_TERMS', ['Read']);

/** The active terms of every owner on `path`, the platform owner's first. */
async function termsOnPath(db: Queryable, path: string) {
  const ownerIds = pathIds(path);
  if (ownerIds.length === 0) return [];
  const rows = await db
    .select()
    .from(terms)
    .where(and(inArray(terms.ownerAccountId, ownerIds), eq(terms.isActive, true)));
  return rows.sort((a, b) => ownerIds.indexOf(a.ownerAccountId) - ownerIds.indexOf(b.ownerAccountId) || a.id - b.id);
}

const getMyConfirmedTerms = defineOperation({
  service: 'IAccountService',
  operation: 'GetMyConfirmedTerms',
  readOnly: true,
  summary: 'The terms and conditions and privacy policies of every owner above the caller, each with whether the caller has accepted it.',
  request: getMyConfirmedTermsRequestSchema,
  response: getMyConfirmedTermsResponseSchema,
  rule: TERMS_READ,
  async handler(_input, { db, caller }) {
    const visible = await termsOnPath(db, caller.userAccount.path);
    const accepted = visible.length
      ? await db
          .select()
          .from(termAcceptances)
          .where(and(eq(termAcceptances.userAccountId, caller.userAccount.id), inArray(termAcceptances.termId, visible.map((term) => term.id))))
      : [];
    return visible.map((term) => {
      const acceptance = accepted.find((a) => a.termId === term.id);
      return {
        Id: term.id,
        Name: term.name,
        TermsText: term.termsText,
        PathToTermsPdf: term.pathToTermsPdf,
        IsPrivacyPolicy: term.isPrivacyPolicy,
        IsAccepted: acceptance !== undefined,
        AcceptedAt: acceptance?.acceptedAt.toISOString() ?? null,
      };
    });
  },
});

/** The terms a request names: one term the caller sees, or the terms of a product above an account of the caller's hierarchy. */
async function termsToAccept(db: Queryable, caller: CallerSession, input: { termId: number } | { accountId: number; productName: string }) {
  if ('termId' in input) {
    const term = (await termsOnPath(db, caller.userAccount.path)).find((t) => t.id === input.termId);
    // A term of another owner fails like a missing one (DESIGN.md: 403 tells nothing).
    if (!term) throw accessDenied();
    return [term];
  }
  const account = await requireAccountInHierarchy(db, caller, input.accountId, TERMS_READ);
  const matching = (await termsOnPath(db, account.path)).filter((t) => t.productName === input.productName);
  if (matching.length === 0) throw new ApiError(404, 'not_found');
  return matching;
}

const acceptTerms = defineOperation({
  service: 'IAccountService',
  operation: 'AcceptTerms',
  summary: 'Accepts terms and conditions for the caller: a term by id, or the terms of a product by account id and product name. Accepting again changes nothing.',
  request: acceptTermsRequestSchema,
  response: okResponseSchema,
  rule: TERMS_READ,
  async handler(input, ctx) {
    const { db, caller } = ctx;
    const accepting = await termsToAccept(db, caller, input);
    await db.transaction(async (tx) => {
      const inserted = await tx
        .insert(termAcceptances)
        .values(accepting.map((term) => ({ termId: term.id, userAccountId: caller.userAccount.id })))
        .onConflictDoNothing()
        .returning({ termId: termAcceptances.termId });
      for (const { termId } of inserted) {
        const term = accepting.find((t) => t.id === termId);
        await writeAudit(
          tx,
          caller,
          { action: 'TermsAccepted', accountId: caller.userAccount.id, accountPath: caller.userAccount.path, details: { TermId: termId, Name: term?.name ?? '' } },
          requestMeta(ctx.request),
        );
      }
    });
    return { Success: true };
  },
});

export const termsOperations = [getMyConfirmedTerms, acceptTerms];
