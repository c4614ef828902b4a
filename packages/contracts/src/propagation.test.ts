import { describe, expect, it } from 'vitest';
import { passesPropagationFilters, propagationFilterConflicts, type FilterType } from './propagation';

// The pricelist filter rule of spec §5, which the server enforces and the portal explains.

const filter = (id: number | undefined, vendors: number[], tags: string[] = [], vendorType: FilterType = 'Include', tagType: FilterType = 'Include') => ({
  PropagationFilterId: id,
  VendorFilterType: vendorType,
  VendorAccountIds: vendors,
  TagFilterType: tagType,
  Tags: tags,
});

describe('propagation filter conflicts', () => {
  it('lets only one filter leave the vendors empty: a new one conflicts with the saved one', () => {
    const saved = [filter(1, [])];
    expect(propagationFilterConflicts(saved, [saved[0]!, filter(undefined, [], ['mail'])])).toEqual({ conflictingIds: [1], clash: null });
  });

  it('names a vendor in one filter only, and ignores filters left as they were', () => {
    const saved = [filter(1, [7, 8]), filter(2, [9]), filter(3, [])];
    expect(propagationFilterConflicts(saved, saved)).toEqual({ conflictingIds: [], clash: null });
    expect(propagationFilterConflicts(saved, [...saved, filter(undefined, [8])])).toEqual({ conflictingIds: [1], clash: null });
    // A changed saved filter counts as new.
    expect(propagationFilterConflicts(saved, [saved[0]!, filter(2, [7]), saved[2]!])).toEqual({ conflictingIds: [1], clash: null });
  });

  it('reports two new filters that conflict with each other as a clash at the second', () => {
    expect(propagationFilterConflicts([], [filter(undefined, [5]), filter(undefined, [6]), filter(undefined, [5], [], 'Exclude')])).toEqual({ conflictingIds: [], clash: 2 });
  });
});

describe('what passes the filters', () => {
  const mail = { vendorAccountId: 7, tags: ['Email', 'collaboration'] };
  it('passes everything without filters', () => {
    expect(passesPropagationFilters([], mail)).toBe(true);
  });
  it('includes or excludes by vendor and by tag (any tag, case-insensitive), any filter passing', () => {
    expect(passesPropagationFilters([filter(1, [7])], mail)).toBe(true);
    expect(passesPropagationFilters([filter(1, [7], [], 'Exclude')], mail)).toBe(false);
    expect(passesPropagationFilters([filter(1, [], ['email'])], mail)).toBe(true);
    expect(passesPropagationFilters([filter(1, [], ['email'], 'Include', 'Exclude')], mail)).toBe(false);
    expect(passesPropagationFilters([filter(1, [8]), filter(2, [], ['crm'], 'Include', 'Exclude')], mail)).toBe(true);
    expect(passesPropagationFilters([filter(1, [8]), filter(2, [], ['collaboration'])], { vendorAccountId: 9, tags: [] })).toBe(false);
  });
});
