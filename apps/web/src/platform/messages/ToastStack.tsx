import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Stack from '@mui/material/Stack';
import type { Message } from './messageStore';

interface ToastStackProps {
  messages: readonly Message[];
  onClose: (id: string) => void;
}

/** Dismissible banners, newest last; errors and warnings are announced at once, the rest politely. */
export function ToastStack({ messages, onClose }: ToastStackProps) {
  const { t } = useTranslation();
  return (
    <Stack
      component="section"
      aria-label={t('messages.region')}
      spacing={1}
      sx={{ position: 'fixed', top: 72, right: 16, zIndex: 2000, width: 'min(420px, calc(100vw - 32px))' }}
    >
      {messages.map((message) => (
        <Alert
          key={message.id}
          severity={message.type}
          role={message.type === 'error' || message.type === 'warning' ? 'alert' : 'status'}
          closeText={t('common.close')}
          onClose={message.isClosable === false ? undefined : () => onClose(message.id)}
          sx={{ boxShadow: 3 }}
        >
          {message.title && <AlertTitle>{message.title}</AlertTitle>}
          {message.text}
        </Alert>
      ))}
    </Stack>
  );
}
