import { readConsent, type ConsentChoice, type ConsentService } from './consentStore';

/** spec §9 "Consent wait up to 180 s, polled every 200 ms". */
export const CONSENT_POLL_MS = 200;
export const CONSENT_WAIT_MS = 180_000;

interface WaitOptions {
  read?: () => ConsentChoice | undefined;
  pollMs?: number;
  timeoutMs?: number;
}

/**
 * spec §4: consent-dependent scripts run only after the consent tool. Resolves true once the user has
 * allowed `service`, false once they have refused it or the wait has run out without a choice.
 */
export function waitForConsent(service: ConsentService, { read = () => readConsent(), pollMs = CONSENT_POLL_MS, timeoutMs = CONSENT_WAIT_MS }: WaitOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const check = () => {
      const choice = read();
      if (choice) return resolve(choice[service]);
      if (Date.now() - startedAt >= timeoutMs) return resolve(false);
      setTimeout(check, pollMs);
    };
    check();
  });
}
