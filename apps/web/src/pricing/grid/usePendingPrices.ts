import { useState } from 'react';
import type { PendingPrices } from './manualPrice';

/** Edits of the grid not saved yet, by item: they stay while the user pages, sorts and filters. */
export function usePendingPrices() {
  const [pending, setPending] = useState<PendingPrices>(new Map());
  const change = (entries: [number, string | null][]) =>
    setPending((current) => {
      const next = new Map(current);
      for (const [id, price] of entries) next.set(id, price);
      return next;
    });
  return {
    pending,
    setPrice: (itemId: number, price: string | null) => change([[itemId, price]]),
    setPrices: change,
    /** Takes back one item's unsaved edit. */
    undo: (itemId: number) =>
      setPending((current) => {
        const next = new Map(current);
        next.delete(itemId);
        return next;
      }),
    discard: () => setPending(new Map()),
  };
}
