import type { OrderApprovalStatus } from '@cmp/contracts/orders';

// The status's colour is on the border only: coloured text on white would miss WCAG contrast.
export const STATUS_BORDER: Record<OrderApprovalStatus, string> = {
  Pending: 'warning.main',
  Approved: 'success.main',
  Rejected: 'error.main',
  Cancelled: 'grey.500',
};

/** Subscription statuses the portal names; another one (a vendor's own) is shown as sent. */
export const KNOWN_SUBSCRIPTION_STATUSES = ['Pending', 'Provisioning', 'Active', 'Failed', 'Suspended', 'Cancelled', 'Terminated'] as const;
