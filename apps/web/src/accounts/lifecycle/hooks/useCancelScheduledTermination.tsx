import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_CAPABILITY, type AccountType } from '@cmp/contracts/accounts';
import type { ScheduledTerminationItem } from '@cmp/contracts/accountLifecycle';
import { isAllowed, requirement, type Capability } from '@cmp/contracts/capabilities';
import { formatDateTime } from '../../../platform/dates/formatDateTime';
import { showMessage } from '../../../platform/messages/messageStore';
import { useConfirmDialog } from '../../../platform/ui/useConfirmDialog';
import { TERMINATION_QUERY_KEY, cancelScheduledTermination } from '../api/terminationOperations';

/** spec §5: cancelling needs the same read and delete permission on the account type as terminating. */
export const mayCancelTermination = (capabilities: readonly Capability[], type: AccountType) =>
  isAllowed(capabilities, { all: [requirement(ACCOUNT_CAPABILITY[type], ['Read']), requirement(ACCOUNT_CAPABILITY[type], ['Delete'])] });

/**
 * spec §4 "A scheduled termination can be cancelled": asks first (confirm dialog), cancels, says so
 * and reloads every termination list. The screen renders `dialog` once.
 */
export function useCancelScheduledTermination() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const [cancellingId, setCancellingId] = useState<number>();

  const cancel = async (item: ScheduledTerminationItem) => {
    const date = formatDateTime(item.TerminateAt, i18n.language);
    const isConfirmed = await confirm({
      title: t('account_lifecycle.cancel_confirm_title'),
      message: t('account_lifecycle.cancel_confirm_message', { name: item.DisplayName, date }),
      agreeLabel: t('account_lifecycle.cancel_submit'),
    });
    if (!isConfirmed) return;
    setCancellingId(item.AccountId);
    try {
      await cancelScheduledTermination(item.AccountId);
      showMessage({ type: 'success', text: t('account_lifecycle.cancel_done', { name: item.DisplayName }) });
      await queryClient.invalidateQueries({ queryKey: TERMINATION_QUERY_KEY });
    } catch {
      // callOperation has shown the server's message as an error toast.
    } finally {
      setCancellingId(undefined);
    }
  };

  return { cancel, cancellingId, dialog };
}
