import { useMemo, useState } from 'react';
import type { SortState } from '../../users/components/SortableHeaderCell';

/** Sorts rows already on the screen (roles and sets are few and come whole), by a text or number per column; `valueOf` should be a stable (module-level) function. */
export function useClientSort<Row, Field extends string>(rows: readonly Row[], valueOf: (row: Row, field: Field) => string | number, initial: Field) {
  const [sort, setSort] = useState<SortState<Field>>({ sortBy: initial, sortDirection: 'asc' });
  const sorted = useMemo(() => {
    const direction = sort.sortDirection === 'asc' ? 1 : -1;
    return [...rows].sort((a, b) => {
      const left = valueOf(a, sort.sortBy);
      const right = valueOf(b, sort.sortBy);
      const order = typeof left === 'number' && typeof right === 'number' ? left - right : String(left).localeCompare(String(right));
      return order * direction;
    });
  }, [rows, sort, valueOf]);
  return { sort, setSort, sorted };
}
