import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useOutboxMail } from '../api/adminConsoleOperations';
import { useResendMail } from '../hooks/useResendMail';

/** One mail of the outbox as it was (or would be) sent: recipient, subject, status and text. */
export function OutboxMailDialog({ mailId, canResend, onClose }: { mailId: number; canResend: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const query = useOutboxMail(mailId);
  const { mayAct, resend } = useResendMail();
  const mail = query.data;
  return (
    <FormDialog
      open
      title={mail?.Subject ?? t('admin_console.mail_title')}
      maxWidth="md"
      onClose={onClose}
      extraActions={mail?.Status === 'Failed' && mayAct && canResend && <Button onClick={() => void resend(mail).then(onClose, () => undefined)}>{t('admin_console.resend')}</Button>}
    >
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {mail && (
        <>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0, mb: 2, '& dd': { m: 0 } }}>
            <dt>{t('admin_console.column_recipient')}</dt>
            <dd>{mail.Recipient}</dd>
            <dt>{t('admin_console.column_created')}</dt>
            <dd>{formatDateTime(mail.CreatedAt, i18n.language)}</dd>
            <dt>{t('admin_console.column_status')}</dt>
            <dd>
              {t(`admin_console.mail_status.${mail.Status}`)}
              {mail.SentAt && ` · ${formatDateTime(mail.SentAt, i18n.language)}`}
            </dd>
            {mail.Error && (
              <>
                <dt>{t('admin_console.column_error')}</dt>
                <dd>{mail.Error}</dd>
              </>
            )}
          </Box>
          <Typography component="pre" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontFamily: 'monospace', bgcolor: 'action.hover', p: 2, m: 0, borderRadius: 1 }}>
            {mail.TextBody}
          </Typography>
        </>
      )}
    </FormDialog>
  );
}
