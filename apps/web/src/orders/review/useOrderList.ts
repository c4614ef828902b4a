import { useState } from 'react';
import type { OrderApprovalStatus } from '@cmp/contracts/orders';
import type { SortState } from '../../platform/ui/table/SortableHeaderCell';
import { useDebouncedValue } from '../../platform/ui/useDebouncedValue';
import { useOrders, type GetOrdersRequest } from '../api/ordersApi';
import type { OrderSortField } from './OrdersTable';

export const ORDER_PAGE_SIZES = [10, 25, 50, 100];
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
  const [sort, setSort] = useState<SortState<OrderSortField>>({ sortBy: 'CreatedAt', sortDirection: 'desc' });
  const [pageSize, setPageSize] = useState(ORDER_PAGE_SIZES[1]!);
  const text = useDebouncedValue(filter.text.trim());
  // A half-typed date sends nothing; a "to" before "from" is said at the field and not sent either.
  const isRangeReversed = isDate(filter.from) && isDate(filter.to) && filter.to < filter.from;
  const request: GetOrdersRequest = {
    scope,
    ...(text ? { text } : {}),
    ...(filter.status === 'All' ? {} : { status: filter.status }),
    ...(isDate(filter.from) && !isRangeReversed ? { from: filter.from } : {}),
    ...(isDate(filter.to) && !isRangeReversed ? { to: filter.to } : {}),
    ...sort,
    pageSize,
  };
  // A page number belongs to one filter, order and page size: once they change, the list starts at page 1 again.
  const listKey = JSON.stringify(request);
  const [paging, setPaging] = useState({ listKey, page: 0 });
  const page = paging.listKey === listKey ? paging.page : 0;
  const query = useOrders({ ...request, page });
  const isFiltered = Boolean(text) || filter.status !== 'All' || Boolean(request.from) || Boolean(request.to);
  return {
    query,
    filter,
    setFilter,
    isRangeReversed,
    isFiltered,
    sort,
    setSort,
    page,
    setPage: (next: number) => setPaging({ listKey, page: next }),
    pageSize,
    setPageSize,
  };
}
