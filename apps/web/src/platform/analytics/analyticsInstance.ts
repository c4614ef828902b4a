/** spec §9: "Analytics is on except for instances ci, ite, xx and dev". */
export const INSTANCES_WITHOUT_ANALYTICS = ['ci', 'ite', 'xx', 'dev'] as const;

let configuredPodId = '';
let isSwitchedOn = true;

/** The branding's pod id, once known (spec §3 Instance data: podId), and its analytics switch (issue 17, admin console). */
export function configureAnalyticsInstance(podId: string, isEnabled = true): void {
  configuredPodId = podId.trim();
  isSwitchedOn = isEnabled;
}

/** The platform owner switched usage analytics off for the whole instance. */
export const isAnalyticsSwitchedOff = () => !isSwitchedOn;

/**
 * spec §9: the instance id derives from the host name or the configured pod id. A configured pod id
 * wins (it is set on purpose); otherwise the host name's first label (`pp.portal.example` → `pp`).
 */
export function instanceIdOf(hostname: string, podId = ''): string {
  const configured = podId.trim().toLowerCase();
  if (configured) return configured;
  return (hostname.split('.')[0] ?? '').toLowerCase();
}

export function isAnalyticsInstance(instanceId: string): boolean {
  return !(INSTANCES_WITHOUT_ANALYTICS as readonly string[]).includes(instanceId);
}

export function currentInstanceId(): string {
  return instanceIdOf(window.location.hostname, configuredPodId);
}
