import { describe, expect, it } from 'vitest';
import { detailText, periodToInstants, splitAuditDetails } from '../auditDetails';

const yesNo = { yes: 'Yes', no: 'No' };

describe('splitAuditDetails', () => {
  it('takes `changes` as before/after rows and leaves the rest as key/value pairs', () => {
    const { changes, others } = splitAuditDetails({ changes: [{ View: 'User', Field: 'Phone', Before: '1', After: '2' }], Reason: 'typo' });
    expect(changes).toEqual([{ View: 'User', Field: 'Phone', Before: '1', After: '2' }]);
    expect(others).toEqual([['Reason', 'typo']]);
  });

  it('turns a single Before/After pair into one row', () => {
    const { changes, others } = splitAuditDetails({ Username: 'tom.becker', Before: 'Enabled', After: 'Disabled' });
    expect(changes).toEqual([{ Before: 'Enabled', After: 'Disabled' }]);
    expect(others).toEqual([['Username', 'tom.becker']]);
  });
});

describe('detailText', () => {
  it('shows lists, booleans, nothing and objects readably', () => {
    expect(detailText(['User', 'Admin'], yesNo)).toBe('User, Admin');
    expect(detailText(false, yesNo)).toBe('No');
    expect(detailText(null, yesNo)).toBe('—');
    expect(detailText({ status: 'Enabled' }, yesNo)).toBe('{"status":"Enabled"}');
  });
});

describe('periodToInstants', () => {
  it('covers whole local days, the last one included', () => {
    const { from, to } = periodToInstants('2024-05-01', '2024-05-01');
    expect(new Date(to!).getTime() - new Date(from!).getTime()).toBe(24 * 3_600_000);
    expect(new Date(from!).getHours()).toBe(0);
    expect(periodToInstants('', '')).toEqual({});
  });
});
