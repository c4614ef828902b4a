import { describe, expect, it } from 'vitest';
import type { TFunction } from 'i18next';
import { DEFAULT_BRANDING } from '@cmp/contracts/branding';
import type { EditableBranding } from '@cmp/contracts/brandingAdmin';
import { brandingFieldErrors, fieldNamedIn } from '../brandingFieldErrors';

const t = ((key: string) => key) as unknown as TFunction;
const { sso_setup_list: _sso, ...defaults } = DEFAULT_BRANDING;
const valid: EditableBranding = { ...defaults };

describe('branding form validation (the contract schema, per field)', () => {
  it('accepts the defaults', () => {
    expect(brandingFieldErrors(valid, t)).toEqual({});
  });

  it('names each bad field with its message', () => {
    const errors = brandingFieldErrors(
      { ...valid, title: ' ', colors: { primary: '#1867c0' }, register_url: 'javascript:alert(1)', default_locale: 'xx', status_page_url: 'ftp://status' },
      t,
    );
    expect(errors).toEqual({
      title: 'branding.error_required',
      'colors.primary': 'branding.error_colour',
      register_url: 'branding.error_url',
      default_locale: 'branding.error_locale',
      status_page_url: 'branding.error_url',
    });
    expect(brandingFieldErrors({ ...valid, title: 'x'.repeat(81) }, t)).toEqual({ title: 'branding.error_too_long' });
  });

  it('finds the field a server 400 names', () => {
    expect(fieldNamedIn('Invalid request: branding.colors.primary: must be 3 or 6 hex digits without #')).toBe('colors.primary');
    expect(fieldNamedIn('Unable to save changes')).toBeUndefined();
  });
});
