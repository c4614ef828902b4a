import { useTranslation } from 'react-i18next';
import { styled } from '@mui/material/styles';

const SkipAnchor = styled('a')(({ theme }) => ({
  position: 'absolute',
  left: theme.spacing(1),
  top: -100,
  zIndex: 2100,
  padding: theme.spacing(1, 2),
  background: theme.palette.background.paper,
  color: theme.palette.primary.main,
  fontWeight: 600,
  '&:focus': { top: theme.spacing(1) },
}));

/** WCAG 2.4.1 Bypass blocks. Focus moves by script: following `#…` would change the hash route. */
export function SkipLink({ targetId }: { targetId: string }) {
  const { t } = useTranslation();
  return (
    <SkipAnchor
      href={`#${targetId}`}
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(targetId)?.focus();
      }}
    >
      {t('app.skip_to_content')}
    </SkipAnchor>
  );
}
