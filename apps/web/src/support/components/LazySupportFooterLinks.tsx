import { lazy, Suspense } from 'react';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { SUPPORT_RULES } from '../constants/supportRules';

// The footer is in the entry chunk; its support links and the panel load on their own (entry size budget).
const SupportFooterLinks = lazy(() => import('./SupportFooterLinks').then((module) => ({ default: module.SupportFooterLinks })));

/** spec §2 footer: contact support and imprint, shown if support details are readable. */
export function LazySupportFooterLinks({ user }: { user: SessionUser }) {
  if (!isAllowed(user.Capability, SUPPORT_RULES.readDetails)) return null;
  return (
    <Suspense fallback={null}>
      <SupportFooterLinks user={user} />
    </Suspense>
  );
}
