import { readdirSync, readFileSync } from 'node:fs';

// CPU time of the processes a benchmark runs, read from Linux's /proc (elsewhere: undefined): a
// figure that holds when the machine is shared or noisy, where a rate does not (issue 14: orders per
// second moved by a third between runs of one commit on the project's two-core machine).

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** User + system CPU of a process, in ms (fields 14 and 15 of /proc/<pid>/stat). */
function ticksOf(stat: string): number {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * TICK_MS;
}

export function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    return ticksOf(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The CPU of every process whose command is `name` (PostgreSQL's backends: `postgres`). */
export function commandCpuMs(name: string): number | undefined {
  let total = 0;
  let seen = false;
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return undefined;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) !== name) continue;
      total += ticksOf(stat);
      seen = true;
    } catch {
      /* the process ended meanwhile */
    }
  }
  return seen ? total : undefined;
}

/** The machine's busy and total CPU, in ms (the first line of /proc/stat). */
export function machineCpuMs(): { busy: number; total: number } | undefined {
  try {
    const values = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).slice(1).map(Number);
    const total = values.reduce((a, b) => a + b, 0) * TICK_MS;
    const idle = (values[3]! + (values[4] ?? 0)) * TICK_MS;
    return { busy: total - idle, total };
  } catch {
    return undefined;
  }
}

/** A snapshot of named CPU counters; `since` answers what each used after an earlier snapshot. */
export function cpuSnapshot(counters: Record<string, () => number | undefined>) {
  const taken = Object.fromEntries(Object.entries(counters).map(([name, read]) => [name, read()]));
  return {
    since(earlier: Record<string, number | undefined>): Record<string, number | undefined> {
      return Object.fromEntries(Object.entries(taken).map(([name, value]) => [name, value === undefined || earlier[name] === undefined ? undefined : value - earlier[name]]));
    },
    values: taken,
  };
}
