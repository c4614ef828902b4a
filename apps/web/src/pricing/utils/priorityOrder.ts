/** The ids in their new order after the one at `index` moved one place up (-1) or down (+1); the same order when it cannot. */
export function movedInOrder(ids: readonly number[], index: number, delta: -1 | 1): number[] {
  const target = index + delta;
  const order = [...ids];
  if (index < 0 || index >= ids.length || target < 0 || target >= ids.length) return order;
  [order[index], order[target]] = [order[target]!, order[index]!];
  return order;
}

/** "12, 15 17" → [12, 15, 17]; undefined when a part is not a positive whole number. */
export function parseIdList(text: string): number[] | undefined {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const ids = parts.map(Number);
  if (!ids.every((id) => Number.isSafeInteger(id) && id > 0)) return undefined;
  return [...new Set(ids)];
}
