import { z } from 'zod';
import { MAX_PAGE_SIZE, SORT_DIRECTIONS } from './users';

// Issue 15 "Reports" (spec §2 `/reports`, `/reports/{reportId}`, Reporting Read; §3 Report; §7
// reporting: reportName, paremeterFields — spelt so, it is the contract —, generateExcelFile,
// columns). A report is a registered definition on the server: its parameters, its columns and
// its chart; the portal draws the form, the grid and the chart from the definition. The texts of a
// definition (title, description, parameter and column labels) are answered in the caller's
// language, with the catalogue key beside each.

export const REPORT_PARAMETER_TYPES = ['date', 'dateRange', 'number', 'account', 'vendor', 'status'] as const;
export type ReportParameterType = (typeof REPORT_PARAMETER_TYPES)[number];

export const REPORT_COLUMN_TYPES = ['text', 'number', 'money', 'date', 'percent'] as const;
export type ReportColumnType = (typeof REPORT_COLUMN_TYPES)[number];

export const REPORT_CHART_TYPES = ['none', 'line', 'bar'] as const;
export type ReportChartType = (typeof REPORT_CHART_TYPES)[number];

/** A report's name: letters and digits (it is also the `/reports/{reportId}` of the portal). */
export const reportNameSchema = z.string().trim().min(1).max(100);

export const reportOptionSchema = z.object({ Value: z.string(), Label: z.string() });
export type ReportOption = z.infer<typeof reportOptionSchema>;

export const reportParameterSchema = z.object({
  Name: z.string(),
  Type: z.enum(REPORT_PARAMETER_TYPES),
  LabelKey: z.string(),
  Label: z.string(),
  Required: z.boolean(),
  /** The value the form starts with (a date range is "from/to" as two ISO dates joined by "/"). */
  Default: z.string().nullable(),
  /** For status (and the other choices): the values offered, labelled in the caller's language. */
  Options: z.array(reportOptionSchema),
  Min: z.number().nullable(),
  Max: z.number().nullable(),
});
export type ReportParameter = z.infer<typeof reportParameterSchema>;

export const reportColumnSchema = z.object({
  Name: z.string(),
  TitleKey: z.string(),
  Title: z.string(),
  Type: z.enum(REPORT_COLUMN_TYPES),
  Sortable: z.boolean(),
});
export type ReportColumn = z.infer<typeof reportColumnSchema>;

export const reportChartSchema = z.object({
  Type: z.enum(REPORT_CHART_TYPES),
  /** The column whose values label the x axis (a category or a day). */
  LabelColumn: z.string().nullable(),
  /** The numeric columns drawn, summed per label over the whole result (not one page). */
  ValueColumns: z.array(z.string()),
});
export type ReportChart = z.infer<typeof reportChartSchema>;

export const reportDefinitionSchema = z.object({
  Name: z.string(),
  TitleKey: z.string(),
  Title: z.string(),
  DescriptionKey: z.string(),
  Description: z.string(),
  Parameters: z.array(reportParameterSchema),
  Columns: z.array(reportColumnSchema),
  /** The columns shown when the caller has not chosen. */
  DefaultColumns: z.array(z.string()),
  DefaultSort: z.object({ Column: z.string(), Direction: z.enum(SORT_DIRECTIONS) }),
  Chart: reportChartSchema,
});
export type ReportDefinition = z.infer<typeof reportDefinitionSchema>;

export const getReportsRequestSchema = z.object({}).strict();
export const getReportsResponseSchema = z.object({ Reports: z.array(reportDefinitionSchema) });
export type GetReportsResponse = z.infer<typeof getReportsResponseSchema>;

/** How many reports `/reports` offers as the frequent ones. */
export const FREQUENT_REPORTS = 6;
export const frequentReportSchema = z.object({
  Name: z.string(),
  TitleKey: z.string(),
  Title: z.string(),
  DescriptionKey: z.string(),
  Description: z.string(),
  Runs: z.number().int(),
  /** null for a suggestion the caller never ran. */
  LastRunAt: z.string().nullable(),
  /** The parameters of the last run, for the form to start with. */
  LastParameters: z.array(z.object({ name: z.string(), value: z.string() })),
});
export type FrequentReport = z.infer<typeof frequentReportSchema>;
export const getFrequentReportsRequestSchema = z.object({}).strict();
export const getFrequentReportsResponseSchema = z.object({ Reports: z.array(frequentReportSchema) });

export const reportParameterFieldSchema = z.object({ name: z.string().max(100), value: z.string().max(200) }).strict();
export type ReportParameterField = z.infer<typeof reportParameterFieldSchema>;

export const runReportRequestSchema = z
  .object({
    reportName: reportNameSchema,
    paremeterFields: z.array(reportParameterFieldSchema).max(20).default([]),
    /** The shown columns, in order; empty → the report's default columns. Excel writes exactly these. */
    columns: z.array(z.string().max(100)).max(50).default([]),
    sort: z.object({ column: z.string().max(100), direction: z.enum(SORT_DIRECTIONS) }).optional(),
    page: z.number().int().min(0).default(0),
    pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
    generateExcelFile: z.boolean().default(false),
  })
  .strict();
export type RunReportRequest = z.input<typeof runReportRequestSchema>;

export const reportCellSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type ReportCell = z.infer<typeof reportCellSchema>;

export const reportChartDataSchema = z.object({
  Type: z.enum(REPORT_CHART_TYPES),
  LabelColumn: z.string().nullable(),
  ValueColumns: z.array(z.string()),
  Labels: z.array(z.string()),
  /** One array per value column, aligned with Labels. */
  Series: z.array(z.object({ Column: z.string(), Title: z.string(), Values: z.array(z.number()) })),
});
export type ReportChartData = z.infer<typeof reportChartDataSchema>;

export const reportResultSchema = z.object({
  Columns: z.array(reportColumnSchema),
  /** One array of cells per row, in the order of Columns. Dates are ISO strings, money and numbers numbers. */
  Rows: z.array(z.array(reportCellSchema)),
  TotalCount: z.number().int(),
  Chart: reportChartDataSchema.nullable(),
});
export type ReportResult = z.infer<typeof reportResultSchema>;

export const reportFileSchema = z.object({ FileName: z.string(), ContentType: z.string(), ContentBase64: z.string() });

/** generateExcelFile false → the page of the result; true → the workbook of the whole result, shown columns only. */
export const runReportResponseSchema = z.union([reportResultSchema, reportFileSchema]);
export type RunReportResponse = z.infer<typeof runReportResponseSchema>;
export const isReportFile = (answer: RunReportResponse): answer is z.infer<typeof reportFileSchema> => 'ContentBase64' in answer;
