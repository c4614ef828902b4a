/**
 * Start-up that never finishes must not look like a server that is merely slow: a supervisor
 * (systemd, Kubernetes, the browser tests' e2e/serve.ts) can only restart a process that ends.
 * The watchdog names the step start-up was in and ends the process when START_TIMEOUT_SECONDS
 * pass before the server listens (0 turns it off).
 */
export const DEFAULT_START_TIMEOUT_SECONDS = 120;

export function parseStartTimeoutSeconds(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_START_TIMEOUT_SECONDS;
  const seconds = Number(value.trim());
  if (!/^\d+$/.test(value.trim()) || seconds > 3600) {
    throw new Error(`START_TIMEOUT_SECONDS must be a whole number of seconds from 0 to 3600 (got ${JSON.stringify(value)})`);
  }
  return seconds;
}

export interface StartupWatchdog {
  /** Runs one start-up step; on a timeout the message names the steps still running and how long each took. */
  step<T>(name: string, work: Promise<T>): Promise<T>;
  /** Start-up finished: the watchdog is off; answers the steps with how long each took, for the start line. */
  done(): string;
}

export function startStartupWatchdog(timeoutSeconds: number, onTimeout: (message: string) => void): StartupWatchdog {
  const running = new Map<string, number>();
  const finished: string[] = [];
  const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
  const timer =
    timeoutSeconds > 0
      ? setTimeout(() => {
          const stuck = [...running].map(([name, since]) => `${name} (${seconds(since)})`).join(', ') || 'between steps';
          onTimeout(`start-up did not finish in ${timeoutSeconds} s; still running: ${stuck}; finished: ${finished.join(', ') || 'nothing'}`);
        }, timeoutSeconds * 1000)
      : undefined;
  timer?.unref();
  return {
    async step(name, work) {
      const since = Date.now();
      running.set(name, since);
      try {
        return await work;
      } finally {
        running.delete(name);
        finished.push(`${name} (${seconds(since)})`);
      }
    },
    done() {
      clearTimeout(timer);
      return finished.join(', ');
    },
  };
}
