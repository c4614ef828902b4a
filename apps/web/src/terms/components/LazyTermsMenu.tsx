import { lazy, Suspense } from 'react';
import { isAllowed, requirement } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';

// The header is in the entry chunk; the menu and its dialog load on their own (entry size budget).
const TermsMenu = lazy(() => import('./TermsMenu').then((module) => ({ default: module.TermsMenu })));

export const TERMS_RULE = requirement('CONFIRMED_TERMS', ['Read']);

/** spec §2 Terms menu, for users who may read their confirmed terms. */
export function LazyTermsMenu({ user }: { user: SessionUser }) {
  if (!isAllowed(user.Capability, TERMS_RULE)) return null;
  return (
    <Suspense fallback={null}>
      <TermsMenu />
    </Suspense>
  );
}
