import type { OperationDefinition } from '../platform/operations';

// Reports (issue 15 "Reports"; spec §7 reporting: reportName, paremeterFields — spelt so —, generateExcelFile, columns).

export const reportingOperations: OperationDefinition[] = [];
