import { callOperation, type CallOptions } from './callOperation';

const latestControllers = new Map<string, AbortController>();

/**
 * spec §7 "the previous request is cancelled" (account and service search): aborts the request
 * last started under `key` and returns the signal for the one starting now.
 */
export function supersedePrevious(key: string): AbortSignal {
  latestControllers.get(key)?.abort();
  const controller = new AbortController();
  latestControllers.set(key, controller);
  return controller.signal;
}

/** callOperation where a newer call with the same key cancels this one (it then rejects with "Error: request canceled", without a toast). */
export async function callLatestOperation<TResponse = unknown>(
  key: string,
  service: string,
  operation: string,
  body: unknown = {},
  options: Omit<CallOptions, 'signal'> = {},
): Promise<TResponse> {
  const signal = supersedePrevious(key);
  try {
    return await callOperation<TResponse>(service, operation, body, { ...options, signal });
  } finally {
    const controller = latestControllers.get(key);
    if (controller?.signal === signal) latestControllers.delete(key);
  }
}
