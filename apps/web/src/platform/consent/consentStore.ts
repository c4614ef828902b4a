/** The consent tool's services (spec §2 /consent/{consent tool service id}, §6 chatbot consent). */
export const CONSENT_SERVICES = ['analytics', 'chat'] as const;
export type ConsentService = (typeof CONSENT_SERVICES)[number];

export interface ConsentChoice {
  analytics: boolean;
  chat: boolean;
  /** ISO time of the choice. */
  decidedAt: string;
}

export const CONSENT_STORAGE_KEY = 'cmp.consent';
const CHANGE_EVENT = 'cmp:consent-changed';

export function isConsentService(value: string | undefined): value is ConsentService {
  return (CONSENT_SERVICES as readonly string[]).includes(value ?? '');
}

/** The stored choice, or undefined while the user has not chosen (or storage holds something else). */
export function readConsent(storage: Pick<Storage, 'getItem'> | undefined = safeStorage()): ConsentChoice | undefined {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(CONSENT_STORAGE_KEY) ?? 'null');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { analytics, chat, decidedAt } = parsed as Record<string, unknown>;
    if (typeof analytics !== 'boolean' || typeof chat !== 'boolean' || typeof decidedAt !== 'string') return undefined;
    return { analytics, chat, decidedAt };
  } catch {
    return undefined;
  }
}

export function saveConsent(choice: Omit<ConsentChoice, 'decidedAt'>, now = new Date()): ConsentChoice {
  const stored: ConsentChoice = { analytics: choice.analytics, chat: choice.chat, decidedAt: now.toISOString() };
  safeStorage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(stored));
  window.dispatchEvent(new Event(CHANGE_EVENT));
  return stored;
}

/** Calls `listener` when the choice changes in this tab or another one. */
export function subscribeConsent(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY) listener();
  };
  window.addEventListener(CHANGE_EVENT, listener);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** spec §6 "the chatbot needs … consent to all services in the consent tool". */
export const hasConsentToAllServices = () => {
  const choice = readConsent();
  return Boolean(choice && CONSENT_SERVICES.every((service) => choice[service]));
};

/** The consent tool can take a choice (storage is available): its settings may be offered. */
export const isConsentToolReady = () => safeStorage() !== undefined;

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    // Storage can be blocked (privacy settings, sandboxed frames): then nobody has consented.
    return undefined;
  }
}
