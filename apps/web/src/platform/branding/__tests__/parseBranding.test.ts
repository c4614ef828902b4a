import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_BRANDING } from '@cmp/contracts/branding';
import { brandingAssetPath, parseBranding } from '../parseBranding';
import { loadBranding } from '../loadBranding';

const script = (config: unknown) => `window.__BRANDING__ = ${JSON.stringify(config)};`;

describe('parseBranding', () => {
  it('strips the script prefix and trailing semicolon and merges the JSON over the defaults', () => {
    const branding = parseBranding(script({ title: 'Northwind Cloud', marketplace_owner: 'Northwind' }));
    expect(branding.title).toBe('Northwind Cloud');
    expect(branding.marketplace_owner).toBe('Northwind');
    expect(branding.favicon).toBe(DEFAULT_BRANDING.favicon);
    expect(branding.sso_setup_list).toEqual([]);
  });

  it('puts logo and favicon under /branding/latest/ unless empty or absolute', () => {
    expect(parseBranding(script({ logo: 'logo.png', favicon: 'icon.ico' }))).toMatchObject({
      logo: '/branding/latest/logo.png',
      favicon: '/branding/latest/icon.ico',
    });
    expect(parseBranding(script({ logo: '' })).logo).toBe('');
    expect(brandingAssetPath('https://cdn.example.com/logo.svg')).toBe('https://cdn.example.com/logo.svg');
    expect(brandingAssetPath('//cdn.example.com/logo.svg')).toBe('//cdn.example.com/logo.svg');
    expect(brandingAssetPath('/logo.png')).toBe('/branding/latest/logo.png');
  });

  it('gives colours a # and keeps the default primary colour when none or a bad one is configured', () => {
    expect(parseBranding(script({ colors: { primary: 'aa0000', accent: '00ff00' } })).colors).toEqual({ primary: '#aa0000', accent: '#00ff00' });
    expect(parseBranding(script({})).colors.primary).toBe('#1867c0');
    expect(parseBranding(script({ colors: { primary: 'not a colour' } })).colors.primary).toBe('#1867c0');
  });

  it('falls back to the defaults on a parse error or data that is not an object', () => {
    for (const bad of ['window.__BRANDING__ = {title: ', 'alert(1)', '', script([1, 2]), script('text')]) {
      const branding = parseBranding(bad);
      expect(branding.title).toBe(DEFAULT_BRANDING.title);
      expect(branding.colors.primary).toBe('#1867c0');
    }
  });

  it('keeps the default of a field with the wrong type and drops malformed SSO entries', () => {
    const provider = { id: 'entra', name: 'Microsoft', auth_endpoint: 'https://login.example.com/authorize', client: 'abc', scope: 'openid' };
    const branding = parseBranding(
      script({ title: 42, sso_setup_list: [provider, { id: 'broken' }], support_contact_info: { email: 'help@example.com', phone_number: 7 } }),
    );
    expect(branding.title).toBe(DEFAULT_BRANDING.title);
    expect(branding.sso_setup_list).toEqual([provider]);
    expect(branding.support_contact_info.email).toBe('help@example.com');
    expect(branding.support_contact_info.phone_number).toBe('');
  });
});

describe('loadBranding', () => {
  it('uses the defaults silently when the request fails or answers an error status', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = vi.fn().mockRejectedValue(new TypeError('offline'));
    expect((await loadBranding(failing)).title).toBe(DEFAULT_BRANDING.title);
    const notFound = vi.fn().mockResolvedValue(new Response('missing', { status: 404 }));
    expect((await loadBranding(notFound)).title).toBe(DEFAULT_BRANDING.title);
    warn.mockRestore();
  });

  it('fetches the branding script from /branding/latest/config.gen.js', async () => {
    const fetchScript = vi.fn().mockResolvedValue(new Response(script({ title: 'Fabrikam' })));
    expect((await loadBranding(fetchScript)).title).toBe('Fabrikam');
    expect(fetchScript).toHaveBeenCalledWith('/branding/latest/config.gen.js', expect.anything());
  });
});
