import { z } from 'zod';
import { accountIdSchema, auditEntrySchema } from './accounts';
import { AUDIT_ACTIONS } from './audit';
import { SORT_DIRECTIONS, pagingSchema } from './users';

// Accounts issue "Users and logs": the audit log of an account's subtree and the user log of one
// user, filtered by period, actor and action, paged on the server, exported to Excel.

export const AUDIT_SORT_FIELDS = ['OccurredAt', 'Action', 'Account', 'Actor'] as const;
export type AuditSortField = (typeof AUDIT_SORT_FIELDS)[number];

const isoDateTime = z.iso.datetime({ offset: true });

export const auditLogFilterSchema = z
  .object({
    /** Inclusive start of the period. */
    from: isoDateTime.optional(),
    /** Exclusive end of the period. */
    to: isoDateTime.optional(),
    /** Part of the actor's name or username, case-insensitive. */
    actor: z.string().trim().max(100).optional(),
    action: z.enum(AUDIT_ACTIONS).optional(),
  })
  .strict()
  .refine((f) => !f.from || !f.to || Date.parse(f.from) < Date.parse(f.to), { message: 'must be after the start of the period', path: ['to'] });
export type AuditLogFilter = z.infer<typeof auditLogFilterSchema>;

const auditQueryFields = {
  accountId: accountIdSchema,
  /** The user log: entries made by the user (or as them) and entries about them, instead of the subtree. */
  isUserLog: z.boolean().default(false),
  filter: auditLogFilterSchema.default({}),
  sortBy: z.enum(AUDIT_SORT_FIELDS).default('OccurredAt'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
};

export const getAuditLogRequestSchema = z.object({ ...auditQueryFields, ...pagingSchema }).strict();
export type GetAuditLogRequest = z.input<typeof getAuditLogRequestSchema>;
export const exportAuditLogRequestSchema = z.object(auditQueryFields).strict();

export const auditLogEntrySchema = auditEntrySchema.extend({
  Ip: z.string().nullable(),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const getAuditLogResponseSchema = z.object({ Entries: z.array(auditLogEntrySchema), Total: z.number().int() });
export type AuditLogPage = z.infer<typeof getAuditLogResponseSchema>;

/**
 * One row of the before/after table (the convention of AccountUpdated's `changes`). The answer of
 * GetAuditLog adds `Label`: the field's label in the caller's language, as its layout shows it.
 */
export interface AuditChange {
  View?: string;
  Field?: string;
  Label?: string;
  Before: unknown;
  After: unknown;
}
