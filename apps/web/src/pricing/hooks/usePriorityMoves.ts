import { useRef } from 'react';
import type { MoveDirection } from '../components/PriorityMoveButtons';
import { movedInOrder } from '../utils/priorityOrder';
import { useFocusAfterMove } from './useFocusAfterMove';

interface PriorityMovesOptions<Item> {
  /** The items that can move, in their order on screen. */
  items: Item[] | undefined;
  idOf: (item: Item) => number;
  /** Shows an order at once, before the server has it. */
  showOrder: (ids: number[]) => void;
  /** Sends the whole order; `isLatest` tells whether no other move followed (then its answer may be shown). */
  saveOrder: (ids: number[], isLatest: () => boolean) => Promise<void>;
  onSaved: (item: Item, priority: number) => void;
  /** After a refusal (shown as an error toast): load again the order the server holds. */
  onFailed: () => Promise<unknown>;
}

/**
 * Move up / Move down of pricelists or rules. Each press shows the new order at once and sends it;
 * presses in quick succession (a keyboard user pressing Enter three times) are sent one after the
 * other, none is dropped, and only the last answer replaces what is shown.
 */
export function usePriorityMoves<Item>({ items, idOf, showOrder, saveOrder, onSaved, onFailed }: PriorityMovesOptions<Item>) {
  const { containerRef, focusAfterMove } = useFocusAfterMove(items);
  const queue = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef(0);

  const move = (item: Item, direction: MoveDirection) => {
    if (!items) return;
    const ids = items.map(idOf);
    const order = movedInOrder(ids, ids.indexOf(idOf(item)), direction === 'up' ? -1 : 1);
    if (order.every((id, index) => id === ids[index])) return;
    focusAfterMove(String(idOf(item)), direction);
    showOrder(order);
    const ticket = ++latest.current;
    queue.current = queue.current.then(async () => {
      try {
        await saveOrder(order, () => ticket === latest.current);
        onSaved(item, order.indexOf(idOf(item)) + 1);
      } catch {
        await onFailed();
      }
    });
  };
  return { move, containerRef };
}
