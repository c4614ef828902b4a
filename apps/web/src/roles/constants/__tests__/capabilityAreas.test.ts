import { describe, expect, it } from 'vitest';
import { CAPABILITY_OBJECT_TYPES } from '@cmp/contracts/capabilities';
import { CAPABILITY_AREAS } from '../capabilityAreas';

describe('capability areas (issue 17: object types grouped by area)', () => {
  it('puts every object type of the contracts in exactly one area', () => {
    const grouped: string[] = Object.values(CAPABILITY_AREAS).flat();
    expect([...grouped].sort()).toEqual([...CAPABILITY_OBJECT_TYPES].sort());
  });
});
