import { lazy, Suspense } from 'react';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { SUPPORT_RULES } from '../constants/supportRules';

// The header is in the entry chunk; the menu loads on its own (entry size budget).
const SupportMenu = lazy(() => import('./SupportMenu').then((module) => ({ default: module.SupportMenu })));

/** spec §2 Support menu, shown only if Wiki Read holds. */
export function LazySupportMenu({ user }: { user: SessionUser }) {
  if (!isAllowed(user.Capability, SUPPORT_RULES.wiki)) return null;
  return (
    <Suspense fallback={null}>
      <SupportMenu user={user} />
    </Suspense>
  );
}
