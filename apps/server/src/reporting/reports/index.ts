import type { ReportSpec } from '../reportSpec';
import { activeSubscriptions } from './activeSubscriptions';
import { customChargesReport } from './customCharges';
import { ordersByStatus } from './ordersByStatus';
import { provisioningFailures } from './provisioningFailures';
import { revenueByCustomer, revenueByMonth, revenueByVendor } from './revenue';
import { signInActivity } from './signInActivity';
import { subscriptionsEnding } from './subscriptionsEnding';
import { usersMfa } from './usersMfa';

/**
 * The report registry (issue 15): a report is one more file here and its texts in
 * ../texts/<lang>.json. The order is the suggestion order of /reports.
 */
export const REPORTS: readonly ReportSpec[] = [revenueByMonth, revenueByCustomer, revenueByVendor, ordersByStatus, activeSubscriptions, subscriptionsEnding, provisioningFailures, customChargesReport, usersMfa, signInActivity];

export const findReport = (name: string) => REPORTS.find((report) => report.name.toLowerCase() === name.toLowerCase());
