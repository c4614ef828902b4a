import { describe, expect, it } from 'vitest';
import { REQUIRED_NODE_MAJOR, unsupportedRuntime } from './runtime';

describe('unsupportedRuntime', () => {
  it('refuses an end-of-life Node.js with the reason and the way out', () => {
    expect(unsupportedRuntime('20.20.2')).toContain('Node.js 20.20.2 is not supported');
    expect(unsupportedRuntime('22.11.0')).toContain(`Node.js ${REQUIRED_NODE_MAJOR} LTS`);
  });

  it('accepts Node.js 24 and later, and the tests themselves run on it', () => {
    expect(unsupportedRuntime('24.22.3')).toBeNull();
    expect(unsupportedRuntime('26.0.0')).toBeNull();
    expect(unsupportedRuntime(process.versions.node)).toBeNull();
  });
});
