import type { SupportDetails } from '@cmp/contracts/support';

/** Whether the support panel would show anything: a contact block or the support link. */
export function hasContactDetails(details: SupportDetails): boolean {
  return Boolean(
    details.SupportPhoneNumber ||
      details.SupportTechnicalEmail ||
      details.SupportUrl ||
      details.SupportSalesPhoneNumber ||
      details.SupportSalesEmail ||
      details.SupportBillingPhoneNumber ||
      details.SupportBillingEmail,
  );
}
