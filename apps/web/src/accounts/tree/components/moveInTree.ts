/** What a key pressed on a tree item does (WAI-ARIA Authoring Practices, tree view pattern). */
export type TreeMove =
  | { kind: 'focus'; item: HTMLElement }
  | { kind: 'toggle'; accountId: number; isOpen: boolean }
  | { kind: 'open'; accountId: number };

const itemOf = (element: HTMLElement | null) => element?.closest<HTMLElement>('[role="treeitem"]') ?? null;

/**
 * Down/Up: next/previous visible item; Home/End: first/last; Right: open a closed node, else go to
 * its first child; Left: close an open node, else go to its parent; Enter: open the account (one
 * the caller may read).
 * Only rendered items are visible (closed nodes render no children), so document order is tree order.
 */
export function moveInTree(tree: HTMLElement, target: HTMLElement, key: string): TreeMove | null {
  const item = itemOf(target);
  if (!item) return null;
  const items = [...tree.querySelectorAll<HTMLElement>('[role="treeitem"]')];
  const index = items.indexOf(item);
  const accountId = Number(item.dataset.accountId);
  const expandedState = item.getAttribute('aria-expanded');
  const focus = (next: HTMLElement | undefined | null): TreeMove | null => (next ? { kind: 'focus', item: next } : null);
  switch (key) {
    case 'ArrowDown':
      return focus(items[index + 1]);
    case 'ArrowUp':
      return focus(items[index - 1]);
    case 'Home':
      return focus(items[0]);
    case 'End':
      return focus(items.at(-1));
    case 'ArrowRight':
      if (expandedState === 'false') return { kind: 'toggle', accountId, isOpen: true };
      if (expandedState === 'true') return focus(item.querySelector<HTMLElement>('[role="group"] > [role="treeitem"]'));
      return null;
    case 'ArrowLeft':
      if (expandedState === 'true') return { kind: 'toggle', accountId, isOpen: false };
      return focus(itemOf(item.parentElement));
    case 'Enter':
      return item.dataset.accountId && item.dataset.mayOpen === 'true' ? { kind: 'open', accountId } : null;
    default:
      return null;
  }
}
