import { useCallback, useEffect, useRef } from 'react';
import type { MoveDirection } from '../components/PriorityMoveButtons';

/**
 * Keeps the keyboard on the row that moved: React re-inserts a row that moves down, which takes the
 * focus from its button. Once the new order renders, the same button of that row gets it back (or
 * the other one, when the row reached the top or the bottom).
 */
export function useFocusAfterMove(order: unknown) {
  const containerRef = useRef<HTMLDivElement>(null);
  const pending = useRef<{ moveKey: string; direction: MoveDirection }>(undefined);

  useEffect(() => {
    const request = pending.current;
    const container = containerRef.current;
    if (!request || !container) return;
    pending.current = undefined;
    const find = (direction: MoveDirection) => container.querySelector<HTMLButtonElement>(`[data-move="${request.moveKey}:${direction}"]:not([disabled])`);
    (find(request.direction) ?? find(request.direction === 'up' ? 'down' : 'up'))?.focus();
  }, [order]);

  const focusAfterMove = useCallback((moveKey: string, direction: MoveDirection) => {
    pending.current = { moveKey, direction };
  }, []);
  return { containerRef, focusAfterMove };
}
