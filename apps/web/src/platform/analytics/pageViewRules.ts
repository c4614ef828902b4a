/** spec §2: "Page-view tracking is skipped on hash changes within account view routes matching /Account/View/.*". */
const ACCOUNT_VIEW = /\/Account\/View\/.*/;

/**
 * A route change is a page view unless it only moves within the account view (its tabs and
 * sub-pages change the hash): entering the account view from elsewhere counts, moving inside it does not.
 */
export function isPageView(previousPath: string | undefined, nextPath: string): boolean {
  if (previousPath === nextPath) return false;
  return !(previousPath !== undefined && ACCOUNT_VIEW.test(previousPath) && ACCOUNT_VIEW.test(nextPath));
}
