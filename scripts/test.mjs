// `npm test`: type check, lint, unit/component/API tests (Vitest), the portal build, then browser
// tests (Playwright in Debian's Chromium). Prints one closing line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const reports = mkdtempSync(path.join(tmpdir(), 'cmp-test-'));
let passed = 0;
let failed = 0;

function run(title, command, args, env = {}) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`== ${title}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return result.status === 0;
}

function finish() {
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const stage = (ok) => {
  if (!ok) {
    failed += 1;
    finish();
  }
};

stage(run('type check', 'npm', ['run', '--silent', 'typecheck']));
stage(run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));

const vitestReport = path.join(reports, 'vitest.json');
const vitestOk = run('unit, component and API tests (Vitest)', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (vitestOk || report.numFailedTests ? 0 : 1);
} else if (!vitestOk) failed += 1;
if (failed) finish();

stage(run('portal build', 'npm', ['run', '--silent', 'build']));

const e2eReport = path.join(reports, 'playwright.json');
const e2eOk = run('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
});
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected + (e2eOk || stats.unexpected ? 0 : 1);
} else if (!e2eOk) failed += 1;
finish();
