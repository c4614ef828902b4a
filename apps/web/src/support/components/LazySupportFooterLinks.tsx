import { Suspense } from 'react';
import { isAllowed } from '@cmp/contracts/capabilities';
import type { SessionUser } from '@cmp/contracts/auth';
import { SUPPORT_RULES } from '../constants/supportRules';
import { lazyWithPreload } from '../../platform/ui/lazyWithPreload';

// The support links and the panel are a chunk of their own (entry size budget), asked for as soon as
// the footer's code is here, so that they show with the footer (issue 12).
const SupportFooterLinks = lazyWithPreload(() => import('./SupportFooterLinks').then((module) => module.SupportFooterLinks));
SupportFooterLinks.preload().catch(() => undefined);

/** spec §2 footer: contact support and imprint, shown if support details are readable. */
export function LazySupportFooterLinks({ user }: { user: SessionUser }) {
  if (!isAllowed(user.Capability, SUPPORT_RULES.readDetails)) return null;
  return (
    <Suspense fallback={null}>
      <SupportFooterLinks user={user} />
    </Suspense>
  );
}
