import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import type { Message } from './messageStore';

interface ToastStackProps {
  messages: readonly Message[];
  onClose: (id: string) => void;
  /** In the layout's message dock (in the page flow), otherwise floating. */
  isDocked: boolean;
}

// Docked, the banners take their own place above the footer and cover no control (issue 10 item 14).
// Floating is for pages without a dock (sign-in pages, centred with free corners).
const DOCKED_SX = { px: { xs: 2, md: 3 }, py: 1, bgcolor: 'grey.50', borderTop: 1, borderColor: 'divider' } as const;
const FLOATING_SX = { position: 'fixed', top: 16, right: 16, zIndex: 2000, width: 'min(420px, calc(100vw - 32px))' } as const;

/** Dismissible banners, newest last; errors and warnings are announced at once, the rest politely. */
export function ToastStack({ messages, onClose, isDocked }: ToastStackProps) {
  const { t } = useTranslation();
  return (
    <Stack component="section" aria-label={t('messages.region')} spacing={1} sx={isDocked ? DOCKED_SX : FLOATING_SX}>
      {messages.map((message) => (
        <Alert
          key={message.id}
          severity={message.type}
          role={message.type === 'error' || message.type === 'warning' ? 'alert' : 'status'}
          closeText={t('common.close')}
          onClose={message.isClosable === false ? undefined : () => onClose(message.id)}
          sx={{ boxShadow: isDocked ? 0 : 3 }}
        >
          {message.title && <AlertTitle>{message.title}</AlertTitle>}
          {message.text}
          {message.link && (
            <>
              {' '}
              <Link href={message.link.href} color="inherit" sx={{ fontWeight: 500 }}>
                {message.link.label}
              </Link>
            </>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
