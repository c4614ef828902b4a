import type { LayoutPage } from '@cmp/contracts/accountViews';

/**
 * spec §7 "View layouts": for Product accounts the base layout is merged with the first-page
 * containers of the product-specific layout (they join the base layout's first page).
 */
export function mergeProductLayout(base: LayoutPage[], product: LayoutPage[] | undefined): LayoutPage[] {
  const extra = product?.[0]?.Containers ?? [];
  if (!extra.length || !base.length) return base;
  const [first, ...rest] = base;
  return [{ ...first!, Containers: [...first!.Containers, ...extra] }, ...rest];
}
