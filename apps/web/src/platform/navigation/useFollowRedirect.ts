import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { redirectTarget, type RedirectTarget } from './redirectTarget';

/** Goes where the current page's `redirect` query points (spec §2), replacing the current page. */
export function useFollowRedirect(): (target?: RedirectTarget) => void {
  const navigate = useNavigate();
  const { search } = useLocation();
  return useCallback(
    (target = redirectTarget(search, window.location.origin)) => {
      if (target.kind === 'assign') window.location.assign(target.url);
      else navigate(target.to, { replace: true });
    },
    [navigate, search],
  );
}
