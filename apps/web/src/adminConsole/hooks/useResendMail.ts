import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { OutboxMail } from '@cmp/contracts/adminConsole';
import { isAllowed } from '@cmp/contracts/capabilities';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { ADMIN_CONSOLE_QUERY_KEY, resendOutboxMail } from '../api/adminConsoleOperations';
import { ADMINISTRATIVE_EXECUTE } from '../constants/adminConsolePages';

/** Resends a failed mail through a background job; the outbox and the jobs page follow it. */
export function useResendMail() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const mayAct = isAllowed(useSessionUser()?.Capability ?? [], ADMINISTRATIVE_EXECUTE);
  const resend = async (mail: Pick<OutboxMail, 'MailId' | 'Recipient'>) => {
    await resendOutboxMail(mail.MailId);
    showMessage({ type: 'success', text: t('admin_console.resend_queued', { recipient: mail.Recipient }) });
    await queryClient.invalidateQueries({ queryKey: ADMIN_CONSOLE_QUERY_KEY });
  };
  return { mayAct, resend };
}

