import { useState } from 'react';
import type { ORDER_SORT_FIELDS, OrderApprovalStatus } from '@cmp/contracts/orders';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useOrders } from '../api/ordersApi';

const ORDER_PAGE_SIZES = [10, 25, 50, 100];
export type OrderSortField = (typeof ORDER_SORT_FIELDS)[number];
export type StatusFilter = OrderApprovalStatus | 'All';

export interface OrderFilterState {
  text: string;
  status: StatusFilter;
  from: string;
  to: string;
}

const EMPTY_FILTER: OrderFilterState = { text: '', status: 'All', from: '', to: '' };
const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** One list of orders: its filters, order and page, fetched from the server page by page. */
export function useOrderList(scope: 'Company' | 'Review') {
  const [filter, setFilter] = useState<OrderFilterState>(EMPTY_FILTER);
  const text = useDebouncedValue(filter.text.trim());
  // A half-typed date sends nothing; a "to" before "from" is said at the field and not sent either.
  const isRangeReversed = isDate(filter.from) && isDate(filter.to) && filter.to < filter.from;
  const filters = {
    scope,
    ...(text ? { text } : {}),
    ...(filter.status === 'All' ? {} : { status: filter.status }),
    ...(isDate(filter.from) && !isRangeReversed ? { from: filter.from } : {}),
    ...(isDate(filter.to) && !isRangeReversed ? { to: filter.to } : {}),
  };
  const list = useServerPaging<OrderSortField>({ sortBy: 'CreatedAt', sortDirection: 'desc' }, filters, ORDER_PAGE_SIZES);
  const query = useOrders({ ...filters, ...list.request });
  const isFiltered = Boolean(text) || filter.status !== 'All' || 'from' in filters || 'to' in filters;
  return { query, filter, setFilter, isRangeReversed, isFiltered, paging: list.paging };
}

export type OrderList = ReturnType<typeof useOrderList>;
