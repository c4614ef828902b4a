import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import type { CustomCharge, CustomChargeInput } from '@cmp/contracts/customCharges';
import { formatMoney } from '../../platform/money/formatMoney';
import { showMessage } from '../../platform/messages/messageStore';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { createCustomCharge, customChargesQueryKey, deleteCustomCharge } from '../api/customChargeOperations';

/** What the billing tab does with charges: add one through the dialog, delete a pending one after confirmation. */
export function useCustomChargeActions(accountId: number) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog: confirmDialog } = useConfirmDialog();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const reload = () => queryClient.invalidateQueries({ queryKey: customChargesQueryKey(accountId) });

  /** Rejects with the server's refusal, which the dialog shows. */
  const save = async (charge: CustomChargeInput, idempotencyKey: string) => {
    const created = await createCustomCharge({ accountId, customCharge: charge }, idempotencyKey);
    setIsDialogOpen(false);
    showMessage({ type: 'success', text: t('custom_charges.added', { name: created.Name, price: formatMoney(created.Price, created.Currency, i18n.language) }) });
    await reload();
  };

  const remove = async (charge: CustomCharge) => {
    const isConfirmed = await confirm({
      title: t('custom_charges.delete_title'),
      message: t('custom_charges.delete_message', { name: charge.Name, price: formatMoney(charge.Price, charge.Currency, i18n.language) }),
      agreeLabel: t('custom_charges.delete'),
    });
    if (!isConfirmed) return;
    try {
      await deleteCustomCharge(charge.CustomChargeId);
    } catch {
      // The server's refusal (billed meanwhile) is shown as an error toast (spec §8); the list shows the current state.
      await reload();
      return;
    }
    showMessage({ type: 'success', text: t('custom_charges.deleted', { name: charge.Name }) });
    await reload();
  };

  return { isDialogOpen, openDialog: () => setIsDialogOpen(true), closeDialog: () => setIsDialogOpen(false), save, remove, confirmDialog };
}
