import { useRef, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from './ApiError';
import { failureText } from './failureText';
import { newIdempotencyKey } from './idempotencyKey';

/** An overview on screen: the request it priced and the Idempotency-Key of its confirming button. */
export interface ShownOverview<Request, Preview> {
  request: Request;
  preview: Preview;
  idempotencyKey: string;
}

/** What one wizard (the order wizard, the upgrade wizard) previews and places, and how it explains a 409. */
export interface PlacementOperations<Request, Preview, Placed> {
  preview: (request: Request) => Promise<Preview>;
  place: (shown: ShownOverview<Request, Preview>) => Promise<Placed>;
  /**
   * A 409 on placing re-runs the preview. The notice to show above the fresh overview (a new intent
   * with a new key), or `undefined` when nothing moved: the shown overview and its key stay (the first
   * click may still be being processed) and the refusal is the error.
   */
  conflictNotice: (shown: ShownOverview<Request, Preview>, fresh: Preview, refusal: string) => string | undefined;
  /** When that preview fails as well: the error to show and whether the shown overview stays (by default: its failure, and it stays). */
  conflictFailure?: (refusal: string, failure: string) => { error: string; keepsOverview: boolean };
}

/**
 * Preview, then place (issue 14, orders and upgrades alike). One Idempotency-Key per overview shown:
 * every click and retry of that overview sends it, so a double click or a retry after a lost answer
 * places once.
 */
export function usePreviewedPlacement<Request, Preview, Placed>(operations: PlacementOperations<Request, Preview, Placed>) {
  const [overview, setOverview] = useState<ShownOverview<Request, Preview>>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  // The mutation's state arrives with the next render; a second click in the same one must not send.
  const isPlacing = useRef(false);

  const showFresh = (request: Request, preview: Preview) => setOverview({ request, preview, idempotencyKey: newIdempotencyKey() });

  const previewing = useMutation({ mutationFn: (request: Request) => operations.preview(request) });

  const previewAgain = async (shown: ShownOverview<Request, Preview>, refusal: string) => {
    try {
      const fresh = await operations.preview(shown.request);
      const changeNotice = operations.conflictNotice(shown, fresh, refusal);
      if (changeNotice === undefined) {
        setError(refusal);
        return;
      }
      showFresh(shown.request, fresh);
      setNotice(changeNotice);
    } catch (failure) {
      const outcome = operations.conflictFailure?.(refusal, failureText(failure)) ?? { error: failureText(failure), keepsOverview: true };
      if (!outcome.keepsOverview) setOverview(undefined);
      setError(outcome.error);
    }
  };

  // The re-preview of a 409 runs inside the placing, so the buttons stay busy until it answered.
  const placing = useMutation({
    mutationFn: async (shown: ShownOverview<Request, Preview>) => {
      try {
        return await operations.place(shown);
      } catch (failure) {
        if (!(failure instanceof ApiError && failure.status === 409)) throw failure;
        await previewAgain(shown, failureText(failure));
        return undefined;
      }
    },
  });

  const clearMessages = () => {
    setError(undefined);
    setNotice(undefined);
  };

  const preview = async (request: Request): Promise<boolean> => {
    clearMessages();
    try {
      showFresh(request, await previewing.mutateAsync(request));
      return true;
    } catch (failure) {
      setError(failureText(failure));
      return false;
    }
  };

  const place = async () => {
    if (!overview || isPlacing.current) return;
    isPlacing.current = true;
    clearMessages();
    try {
      await placing.mutateAsync(overview);
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      isPlacing.current = false;
    }
  };

  const reset = () => {
    setOverview(undefined);
    clearMessages();
  };

  return { overview, isBusy: previewing.isPending || placing.isPending, error, notice, placed: placing.data, preview, place, reset };
}
