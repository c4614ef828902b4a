import type { OperationDefinition } from '../platform/operations';
import { myServicesOperations } from './myServicesOperations';
import { serviceExcelOperations } from './serviceExcelOperations';
import { serviceGroupOperations } from './serviceGroupOperations';
import { vendorOperations } from './vendorOperations';

// IServiceManagementService (issue 13): vendors' services and profiles, service groups, Excel export and import.
export const serviceManagementOperations: OperationDefinition[] = [...vendorOperations, ...myServicesOperations, ...serviceGroupOperations, ...serviceExcelOperations];
