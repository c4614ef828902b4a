import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { LOGIN_PATH } from '../navigation/appPaths';

interface BackToSignInLinkProps {
  /** The query to keep (the redirect of spec §2). */
  search?: string;
  onClick?: () => void;
}

/** The way back from every sign-in side page to /login. */
export function BackToSignInLink({ search = '', onClick }: BackToSignInLinkProps) {
  const { t } = useTranslation();
  return (
    <Link component={RouterLink} to={`${LOGIN_PATH}${search}`} onClick={onClick} sx={{ display: 'inline-block', mt: 3 }}>
      {t('common.back_to_sign_in')}
    </Link>
  );
}
