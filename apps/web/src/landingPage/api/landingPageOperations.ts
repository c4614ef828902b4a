import { useQuery } from '@tanstack/react-query';
import type { LandingPageLayout, LandingPageLayouts, ResetLandingPageLayoutRequest, SaveLandingPageLayoutRequest } from '@cmp/contracts/landingPage';
import { callOperation } from '../../platform/api/callOperation';

const SERVICE = 'IDashboardService';

export const landingPageLayoutsQueryKey = (ownerCompanyId: number) => ['landingPage', 'layouts', ownerCompanyId] as const;

/** An owner's layouts, one per account type it chooses for (issue 17). */
export function useLandingPageLayouts(ownerCompanyId: number) {
  return useQuery({
    queryKey: landingPageLayoutsQueryKey(ownerCompanyId),
    queryFn: ({ signal }) => callOperation<LandingPageLayouts>(SERVICE, 'GetLandingPageLayouts', { ownerCompanyId }, { suppressErrorToast: true, signal }),
  });
}

type SavedLayout = LandingPageLayout & { OwnerCompanyId: number };

export const saveLandingPageLayout = (request: SaveLandingPageLayoutRequest) => callOperation<SavedLayout>(SERVICE, 'SaveLandingPageLayout', request);
export const resetLandingPageLayout = (request: ResetLandingPageLayoutRequest) => callOperation<SavedLayout>(SERVICE, 'ResetLandingPageLayout', request);
