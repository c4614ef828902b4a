import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { SsoSetupItem } from '@cmp/contracts/branding';
import { SSO_STORAGE_KEYS } from '../constants/ssoStorageKeys';
import { buildSsoAuthorizeUrl } from '../utils/buildSsoAuthorizeUrl';

/** spec §2 Login screen / §7 SSO button: one button per configured provider whose endpoint parses. */
export function SsoButtons({ providers }: { providers: SsoSetupItem[] }) {
  const { t } = useTranslation();
  const origin = window.location.origin;
  const buttons = providers.flatMap((provider) => {
    const url = buildSsoAuthorizeUrl(provider, origin);
    return url ? [{ provider, url }] : [];
  });

  const startSignIn = (provider: SsoSetupItem, url: string) => {
    try {
      localStorage.setItem(SSO_STORAGE_KEYS.id, provider.id);
      localStorage.setItem(SSO_STORAGE_KEYS.name, provider.name);
    } catch {
      // Without storage the return page asks the user to choose the provider again.
    }
    window.location.assign(url);
  };

  return (
    <Stack spacing={1}>
      {buttons.map(({ provider, url }) => (
        <Button key={provider.id} variant="outlined" fullWidth onClick={() => startSignIn(provider, url)}>
          {t('login.sso_button', { name: provider.name })}
        </Button>
      ))}
    </Stack>
  );
}
