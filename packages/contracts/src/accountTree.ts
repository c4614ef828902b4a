import { z } from 'zod';
import { ACCOUNT_STATES, ACCOUNT_TYPES, accountIdSchema } from './accounts';
import { ACCOUNT_ICONS } from './search';

/** The most children one GetAccountTree answers; the portal asks for the next ones ("Load more results", spec §9). */
export const ACCOUNT_TREE_MAX_ROWS = 500;
export const ACCOUNT_TREE_DEFAULT_ROWS = 100;

/**
 * `IAccountService/GetAccountTree` (spec §7 "account tree (showTerminatedAccounts, targetRoot,
 * maxRows)"): the children of one node, loaded lazily as the portal expands the tree. Without
 * targetRoot the node is the caller's top visible account. `skip` pages on past the first maxRows.
 */
export const getAccountTreeRequestSchema = z
  .object({
    showTerminatedAccounts: z.boolean().default(false),
    targetRoot: accountIdSchema.nullable().optional(),
    maxRows: z.number().int().min(1).max(ACCOUNT_TREE_MAX_ROWS).default(ACCOUNT_TREE_DEFAULT_ROWS),
    skip: z.number().int().min(0).default(0),
  })
  .strict();
export type GetAccountTreeRequest = z.input<typeof getAccountTreeRequestSchema>;

/** One node of the tree: enough to draw it (icon, greyed when terminated) and to know whether it expands. */
export const accountTreeNodeSchema = z.object({
  AccountId: z.number().int(),
  AccountType: z.enum(ACCOUNT_TYPES),
  DisplayName: z.string(),
  AccountState: z.enum(ACCOUNT_STATES),
  Icon: z.enum(ACCOUNT_ICONS),
  HasChildren: z.boolean(),
  /** Children the caller would see under this node with the same showTerminatedAccounts. */
  ChildCount: z.number().int(),
});
export type AccountTreeNode = z.infer<typeof accountTreeNodeSchema>;

export const accountHierarchyEntrySchema = z.object({
  AccountId: z.number().int(),
  AccountType: z.enum(ACCOUNT_TYPES),
  DisplayName: z.string(),
});
export type AccountHierarchyEntry = z.infer<typeof accountHierarchyEntrySchema>;

export const getAccountTreeResponseSchema = z.object({
  Root: accountTreeNodeSchema,
  /** From the caller's top visible account down to Root (both included): the ancestors to expand, the breadcrumbs. */
  Hierarchy: z.array(accountHierarchyEntrySchema),
  /** Root's children, by type then name, from `skip`, at most maxRows of them. */
  Children: z.array(accountTreeNodeSchema),
  /** All children of Root the caller would see (for "n of total"). */
  Total: z.number().int(),
});
export type AccountTree = z.infer<typeof getAccountTreeResponseSchema>;

/** `IAccountService/GetPossibleProductsForAccount`: what may be subscribed under that account (a public integration contract). */
export const getPossibleProductsForAccountRequestSchema = z.object({ accountId: accountIdSchema }).strict();
export const possibleProductSchema = z.object({ DisplayName: z.string(), ProductName: z.string() });
export type PossibleProduct = z.infer<typeof possibleProductSchema>;
export const getPossibleProductsForAccountResponseSchema = z.array(possibleProductSchema);
