import { execFileSync, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const CHECK = path.resolve(import.meta.dirname, 'entry-size.mjs');
const folders: string[] = [];

/**
 * A built portal in miniature: an entry and one chunk it preloads, each of about `kilobytes` KB gzip,
 * and the first screen's chunks (frame, dashboard) beside the header's, which the dashboard imports
 * only when `dashboardImportsHeader`.
 */
function builtPortal(kilobytes: number, dashboardImportsHeader = false): string {
  const dist = mkdtempSync(path.join(tmpdir(), 'cmp-entry-size-'));
  folders.push(dist);
  mkdirSync(path.join(dist, 'assets'));
  // Random bytes do not compress: written as base64, their gzip size is about their own count.
  const script = () => `export const noise = "${randomBytes(kilobytes * 1024).toString('base64')}";\n`;
  writeFileSync(path.join(dist, 'assets', 'index-a1.js'), script());
  writeFileSync(path.join(dist, 'assets', 'vendor-b2.js'), script());
  // A lazily loaded chunk never counts, however big.
  writeFileSync(path.join(dist, 'assets', 'screen-c3.js'), `export const noise = "${randomBytes(300 * 1024).toString('base64')}";\n`);
  writeFileSync(path.join(dist, 'assets', 'frame-d4.js'), 'export const frame = 1;\n');
  writeFileSync(path.join(dist, 'assets', 'header-f6.js'), 'export const header = 1;\n');
  writeFileSync(
    path.join(dist, 'assets', 'dashboard-e5.js'),
    `import{frame as a}from"./frame-d4.js";${dashboardImportsHeader ? 'import{header as b}from"./header-f6.js";' : ''}const c=()=>import("./header-f6.js");export{a,c};\n`,
  );
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-a1.js"></script>' +
      '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js"></head><body><div id="root"></div></body></html>',
  );
  return dist;
}

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('the build budget of the entry and its preloaded chunks (issue 12: 140 KB gzip)', () => {
  it('passes a portal whose entry and preloaded chunks stay under the budget, whatever its lazy chunks weigh', () => {
    const output = execFileSync(process.execPath, [CHECK, builtPortal(60)], { encoding: 'utf8' });
    expect(output).toMatch(/initial JavaScript \(entry \+ preloaded\), budget 140\.0 KB/);
    // The dashboard's dynamic import of the header is what is meant: it comes after the first paint.
    expect(output).toMatch(/first screen \(.*dashboard-e5\.js.*\) loads without the header chunk/);
  });

  it("fails the build when the first screen's chunks import the header's chunk statically (it loads after the first paint)", () => {
    const result = spawnSync(process.execPath, [CHECK, builtPortal(60, true)], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/the first screen's chunks import assets\/header-f6\.js statically/);
  });

  it('fails the build, naming size and budget, when the entry with its preloaded chunks is over 140 KB gzip', () => {
    const result = spawnSync(process.execPath, [CHECK, builtPortal(75)], { encoding: 'utf8' });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/the entry chunk with its static imports is 1[45]\d\.\d KB gzip, over the 140\.0 KB budget/);
  });
});
