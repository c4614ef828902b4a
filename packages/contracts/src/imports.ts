import { z } from 'zod';
import { accountIdSchema } from './accounts';
import { requirement, type CapabilityRequirement, type SecurityRule } from './capabilities';

// Account imports (issue 17 "Account imports"; spec §2 /provisioning/my-imports, §3 Import, §4 Import
// status, §7 importId, importAccountId, file, inputDto): a CSV or Excel file of companies, departments
// and users, checked row by row before anything is written, scheduled for now or a date, run by a job
// one row group (a company with its departments and users) per transaction.

export const IMPORT_STATUSES = ['Pending', 'InProgress', 'Completed', 'Failed', 'Cancelled', 'Error'] as const;
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export const IMPORT_FORMATS = ['CSV', 'Excel'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];
/** The account types a file may hold, one per row ("Type" column). */
export const IMPORT_ROW_TYPES = ['Company', 'Department', 'User'] as const;
export type ImportRowType = (typeof IMPORT_ROW_TYPES)[number];

/**
 * The template's columns, in order. Type and Company/Department place a row; the others are the
 * fields of the account's view (Company: DisplayName is the Company column; Department: the
 * Department column), checked by the same rules as CreateAccount.
 */
export const IMPORT_COLUMNS = [
  'Type',
  'Company',
  'Department',
  'AccountIdentificator',
  'Country',
  'Currency',
  'VatNumber',
  'CostCenter',
  'Firstname',
  'Lastname',
  'Email',
  'Username',
  'Phone',
  'Language',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

/** spec §2: the list needs My Imports Read; importing needs Create on an account type a file may hold. */
export const MY_IMPORTS_READ: CapabilityRequirement = requirement('MY_IMPORTS', ['Read']);
export const IMPORT_ACCOUNTS_RULE: SecurityRule = {
  any: [requirement('USER_ACCOUNT', ['Create']), requirement('PRODUCT_ACCOUNT', ['Create']), requirement('COMPANY_ACCOUNT', ['Create'])],
} as const;

/**
 * The largest file UploadImport takes, in either form (issue 30 item 10): the file as the body
 * (streamed to disk, the portal's way) or base64 in JSON (partners' way, under a body limit of its
 * own, IMPORT_JSON_BODY_LIMIT_BYTES, not the 1 MB of other operations). The portal says it before
 * upload and refuses a larger file with the same words the server answers 413 with.
 */
export const MAX_IMPORT_FILE_BYTES = 50 * 1024 * 1024;
/** MAX_IMPORT_FILE_BYTES as base64 text. */
const MAX_IMPORT_BASE64_CHARS = Math.ceil(MAX_IMPORT_FILE_BYTES / 3) * 4;
/** UploadImport's JSON body limit: the base64 file and room for the other fields. */
export const IMPORT_JSON_BODY_LIMIT_BYTES = MAX_IMPORT_BASE64_CHARS + 64 * 1024;
export const IMPORT_FILE_EXTENSIONS = ['csv', 'xlsx'] as const;
export function importFormatOf(fileName: string): ImportFormat | undefined {
  const extension = /\.([A-Za-z]{3,4})$/.exec(fileName.trim())?.[1]?.toLowerCase();
  if (extension === 'csv') return 'CSV';
  if (extension === 'xlsx') return 'Excel';
  return undefined;
}

export const importSchema = z.object({
  ImportId: z.number().int(),
  Name: z.string(),
  /** The file's format. */
  Type: z.enum(IMPORT_FORMATS),
  Status: z.enum(IMPORT_STATUSES),
  /** When the job starts (UTC); null while the import waits to be scheduled. */
  ScheduleDate: z.string().nullable(),
  /** The account the file's companies (or departments and users) are created under. */
  ParentAccountId: z.number().int(),
  ParentDisplayName: z.string(),
  CreatorAccountId: z.number().int(),
  Creator: z.string(),
  CreatedAt: z.string(),
  RowCount: z.number().int(),
  GroupCount: z.number().int(),
  /** Row groups handled so far by the job (progress). */
  GroupsDone: z.number().int(),
  ErrorCount: z.number().int(),
  ImportedAccountsCount: z.number().int(),
  FinishedAt: z.string().nullable(),
});
export type AccountImport = z.infer<typeof importSchema>;

export const IMPORT_SORT_FIELDS = ['Name', 'Type', 'Status', 'ScheduleDate', 'Creator', 'ErrorCount', 'ImportedAccountsCount', 'CreatedAt'] as const;
export const getImportsRequestSchema = z
  .object({
    /** Imports under this account (default: the caller's organisation), inside the caller's hierarchy. */
    accountId: accountIdSchema.optional(),
    status: z.enum(IMPORT_STATUSES).optional(),
    search: z.string().trim().max(100).optional(),
    sortBy: z.enum(IMPORT_SORT_FIELDS).optional(),
    sortDescending: z.boolean().optional(),
    page: z.number().int().min(0).max(100_000).optional(),
    pageSize: z.number().int().min(1).max(200).optional(),
  })
  .strict();
export type GetImportsRequest = z.infer<typeof getImportsRequestSchema>;
export const getImportsResponseSchema = z.object({ Imports: z.array(importSchema), Total: z.number().int() });

/** UploadImport with the file itself as the body (application/octet-stream, up to MAX_IMPORT_FILE_BYTES): the other fields in the query string. */
export const uploadImportFileQuerySchema = z
  .object({
    FileName: z.string().trim().min(1).max(200).refine((name) => importFormatOf(name) !== undefined, 'Only .csv and .xlsx files'),
    parentAccountId: z.coerce.number().int().positive().optional(),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type UploadImportFileQuery = z.infer<typeof uploadImportFileQuerySchema>;

export const uploadImportRequestSchema = z
  .object({
    file: z
      .object({
        FileName: z.string().trim().min(1).max(200).refine((name) => importFormatOf(name) !== undefined, 'Only .csv and .xlsx files'),
        // Up to the body limit: a decoded file beyond MAX_IMPORT_FILE_BYTES answers 413 import_file_too_large, not a schema 400.
        ContentBase64: z.string().min(1).max(IMPORT_JSON_BODY_LIMIT_BYTES).regex(/^[A-Za-z0-9+/]+={0,2}$/),
      })
      .strict(),
    /** Where the accounts go (default: the caller's organisation). */
    parentAccountId: accountIdSchema.optional(),
    name: z.string().trim().min(1).max(100).optional(),
  })
  .strict();
export type UploadImportRequest = z.infer<typeof uploadImportRequestSchema>;

export const importRowErrorSchema = z.object({ Row: z.number().int(), Column: z.string(), Message: z.string() });
export type ImportRowError = z.infer<typeof importRowErrorSchema>;
/** An import with the first errors of its last check or run (GetImportErrors pages through all). */
export const importWithErrorsSchema = z.object({ Import: importSchema, Errors: z.array(importRowErrorSchema) });
export type ImportWithErrors = z.infer<typeof importWithErrorsSchema>;

const importIdField = { importId: z.number().int().positive() };
export const validateImportRequestSchema = z.object(importIdField).strict();
export const scheduleImportRequestSchema = z
  .object({
    ...importIdField,
    inputDto: z
      .object({
        /** ISO date-time; left out (or null) for now. */
        scheduleDate: z.string().datetime({ offset: true }).optional(),
        /** Import the groups without errors even when others have some (default false: a file with errors is refused). */
        skipInvalidGroups: z.boolean().optional(),
      })
      .strict(),
  })
  .strict();
export type ScheduleImportRequest = z.infer<typeof scheduleImportRequestSchema>;
export const cancelImportRequestSchema = z.object(importIdField).strict();
export const getImportErrorsRequestSchema = z
  .object({
    ...importIdField,
    /** The account the import runs under; when given it must be the import's. */
    importAccountId: accountIdSchema.optional(),
    page: z.number().int().min(0).max(100_000).optional(),
    pageSize: z.number().int().min(1).max(500).optional(),
  })
  .strict();
export const getImportErrorsResponseSchema = z.object({ ImportId: z.number().int(), Errors: z.array(importRowErrorSchema), Total: z.number().int() });
export type ImportErrorsPage = z.infer<typeof getImportErrorsResponseSchema>;

export const getImportTemplateRequestSchema = z.object({ format: z.enum(IMPORT_FORMATS).optional() }).strict();
