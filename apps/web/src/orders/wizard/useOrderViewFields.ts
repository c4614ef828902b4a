import { useMemo } from 'react';
import type { LayoutField } from '@cmp/contracts/accountViews';
import { failureText } from '../../platform/api/failureText';
import type { FormValues } from '../../platform/forms/fieldRules';
import { useProductLayout } from '../api/orderWizardApi';
import type { ViewFieldsState } from './OrderViewFields';
import { fieldsOfPages, orderViewPages, viewFieldProblems } from './orderWizardState';

/**
 * The view fields a new subscription of `productName` asks for (its Product layout, issue 14), as the
 * order wizard and the upgrade wizard (into a new subscription) ask for them; no product, no fields.
 */
export function useOrderViewFields(productName: string | undefined, values: FormValues | undefined) {
  const layoutQuery = useProductLayout(productName);
  const pages = useMemo(() => (productName && layoutQuery.data ? orderViewPages(layoutQuery.data, productName) : []), [productName, layoutQuery.data]);
  const fields: LayoutField[] = useMemo(() => fieldsOfPages(pages), [pages]);
  const problems = values ? viewFieldProblems(fields, values) : {};
  const isLoading = productName !== undefined && layoutQuery.isPending;
  const isFailed = productName !== undefined && layoutQuery.isError;
  const state: ViewFieldsState = { pages, isLoading, error: isFailed ? failureText(layoutQuery.error) : undefined, onRetry: () => void layoutQuery.refetch(), problems };
  return { fields, problems, isLoading, isFailed, state };
}
