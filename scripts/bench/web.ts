// `npm run bench web`: Lighthouse (default mobile preset, Debian's Chromium) on the built portal,
// served by the real server on a fresh demo world: the login page and company.admin's dashboard,
// median of 3 runs each, then the bytes a warm reload transfers. Builds nothing: run `npm run build`
// (or set WEB_DIST) first. Goals (issue 12): login ≥ 95, dashboard ≥ 90, CLS ≤ 0.05, warm < 20 KB.
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startProcess } from './api';

const PORT = Number(process.env.BENCH_WEB_PORT ?? 18_085);
const ORIGIN = `http://127.0.0.1:${PORT}`;
const WEB_DIST = path.resolve(process.env.WEB_DIST ?? 'apps/web/dist');
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The flags of the browser tests (e2e/playwright.config.ts) that keep Chromium off the closed network.
const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const RUNS = 3;
const DEMO_PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo-Password-2024!';
// Set BENCH_WEB_REPORTS to a folder to keep each run's Lighthouse report (JSON) for a closer look.
const REPORTS_DIR = process.env.BENCH_WEB_REPORTS;

const PAGES = [
  { name: 'login', url: `${ORIGIN}/#/login`, signedIn: false, goal: 95 },
  { name: 'dashboard', url: `${ORIGIN}/#/Dashboard`, signedIn: true, goal: 90 },
] as const;
const CLS_GOAL = 0.05;
const WARM_GOAL_BYTES = 20 * 1024;

interface Cookie {
  name: string;
  value: string;
}

interface LighthouseFigures {
  score: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  coldBytes: number;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** The cookies of a fresh company.admin session, as a partner script signs in (docs/architecture.md "The API"). */
async function signIn(): Promise<Cookie[]> {
  const response = await fetch(`${ORIGIN}/DataModel/service.svc/rest/IAuthorizationService/Authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ userName: 'company.admin', password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`signing in as company.admin answered ${response.status}`);
  return response.headers.getSetCookie().map((header) => {
    const [pair = ''] = header.split(';');
    const separator = pair.indexOf('=');
    return { name: pair.slice(0, separator), value: pair.slice(separator + 1) };
  });
}

async function addCookies(context: BrowserContext, cookies: Cookie[]): Promise<void> {
  await context.addCookies(cookies.map((cookie) => ({ ...cookie, url: ORIGIN })));
}

/** One Lighthouse run in a new Chromium (an empty cache: a cold visit), signed in when asked. */
async function runLighthouse(url: string, cookies: Cookie[]): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
  try {
    if (cookies.length) {
      // Lighthouse clears caches and service workers before it loads the page, never cookies.
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
      await addCookies(browser.contexts()[0]!, cookies);
      await browser.close();
    }
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.message}`);
    if (REPORTS_DIR) {
      mkdirSync(REPORTS_DIR, { recursive: true });
      const name = `${new URL(url).hash.replace(/\W/g, '') || 'root'}-${Date.now()}`;
      writeFileSync(path.join(REPORTS_DIR, `${name}.json`), JSON.stringify(lhr));
      // The run's Chromium trace beside it (open it in DevTools' Performance panel): which task is long, and why.
      writeFileSync(path.join(REPORTS_DIR, `${name}.trace.json`), JSON.stringify(result.artifacts.Trace));
    }
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      score: Math.round((lhr.categories.performance?.score ?? NaN) * 100),
      lcpMs: audit('largest-contentful-paint'),
      fcpMs: audit('first-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      coldBytes: audit('total-byte-weight'),
    };
  } finally {
    chrome.kill();
  }
}

/** Bytes on the wire (headers included) of a first load and of a reload right after it, from Chromium's network events. */
async function measureReload(url: string, cookies: Cookie[]): Promise<{ coldBytes: number; warmBytes: number; warmRequests: number }> {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((flag) => !flag.startsWith('--headless')) });
  try {
    const context = await browser.newContext();
    await addCookies(context, cookies);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const coldBytes = bytes;
    bytes = 0;
    requests = 0;
    await page.reload({ waitUntil: 'networkidle' });
    return { coldBytes, warmBytes: bytes, warmRequests: requests };
  } finally {
    await browser.close();
  }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export async function benchWeb(): Promise<void> {
  if (!existsSync(path.join(WEB_DIST, 'index.html'))) throw new Error(`no built portal in ${WEB_DIST}: run npm run build first (or set WEB_DIST)`);
  // The browser tests' server start (a fresh database with the demo world, removed on exit).
  const server = await startProcess(['--import', 'tsx', 'e2e/serve.ts'], { PORT: String(PORT), HOST: '127.0.0.1', WEB_DIST, LOG_LEVEL: 'warn', PUBLIC_URL: ORIGIN, DATABASE_URL: '' }, `${ORIGIN}/healthz`);
  try {
    const rows: Record<string, Record<string, string | number>> = {};
    const verdicts: string[] = [];
    for (const page of PAGES) {
      const runs: LighthouseFigures[] = [];
      for (let run = 0; run < RUNS; run += 1) runs.push(await runLighthouse(page.url, page.signedIn ? await signIn() : []));
      const figure = (key: keyof LighthouseFigures) => median(runs.map((run) => run[key]));
      const reload = await measureReload(page.url, page.signedIn ? await signIn() : []);
      rows[page.name] = {
        performance: figure('score'),
        runs: runs.map((run) => run.score).join(', '),
        'LCP ms': Math.round(figure('lcpMs')),
        'FCP ms': Math.round(figure('fcpMs')),
        'TBT ms': Math.round(figure('tbtMs')),
        CLS: Number(figure('cls').toFixed(3)),
        'cold (Lighthouse)': kb(figure('coldBytes')),
        'cold (reload test)': kb(reload.coldBytes),
        'warm reload': `${kb(reload.warmBytes)} in ${reload.warmRequests} requests`,
      };
      const met = (ok: boolean) => (ok ? 'met' : 'NOT met');
      verdicts.push(
        `${page.name}: performance ${figure('score')} (goal ≥ ${page.goal}) ${met(figure('score') >= page.goal)}; ` +
          `CLS ${figure('cls').toFixed(3)} (goal ≤ ${CLS_GOAL}) ${met(figure('cls') <= CLS_GOAL)}; ` +
          `warm reload ${kb(reload.warmBytes)} (goal < ${kb(WARM_GOAL_BYTES)}) ${met(reload.warmBytes < WARM_GOAL_BYTES)}`,
      );
    }
    console.table(rows);
    for (const verdict of verdicts) console.info(verdict);
  } finally {
    await stop(server);
  }
}
