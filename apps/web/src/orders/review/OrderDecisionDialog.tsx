import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ORDER_REASON_MAX_LENGTH, type Order } from '@cmp/contracts/orders';
import { formatMoney } from '../../platform/money/formatMoney';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import type { OrderAction } from '../api/ordersApi';

interface OrderDecisionDialogProps {
  action: OrderAction;
  orders: Order[];
  /** Runs the decision; rejects with the text to show when nothing could be done (the dialog stays open for a retry). */
  onSubmit: (reason: string) => Promise<void>;
  onClose: () => void;
}

const TITLE_KEYS: Record<OrderAction, string> = { Cancel: 'orders.cancel_title', Approve: 'orders.approve_title', Decline: 'orders.decline_title' };
const MESSAGE_KEYS: Record<OrderAction, string> = { Cancel: 'orders.cancel_message', Approve: 'orders.approve_message', Decline: 'orders.decline_message' };
const SUBMIT_KEYS: Record<OrderAction, string> = { Cancel: 'orders.cancel_submit', Approve: 'orders.approve', Decline: 'orders.decline' };

/**
 * The confirmation of a decision on one or many orders, with its reason: optional to cancel or
 * approve, required to decline (spec §4 "Order approval").
 */
export function OrderDecisionDialog({ action, orders, onSubmit, onClose }: OrderDecisionDialogProps) {
  const { t, i18n } = useTranslation();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string>();
  const [serverError, setServerError] = useState<string>();
  const [isSaving, setIsSaving] = useState(false);
  const isRequired = action === 'Decline';

  const submit = async () => {
    const trimmed = reason.trim();
    if (isRequired && !trimmed) return setProblem(t('orders.reason_required'));
    if (trimmed.length > ORDER_REASON_MAX_LENGTH) return setProblem(t('orders.reason_too_long', { max: ORDER_REASON_MAX_LENGTH }));
    setProblem(undefined);
    setServerError(undefined);
    setIsSaving(true);
    try {
      await onSubmit(trimmed);
    } catch (failure) {
      setServerError(failure instanceof Error ? failure.message : String(failure));
      setIsSaving(false);
    }
  };

  return (
    <FormDialog
      open
      title={t(TITLE_KEYS[action], { count: orders.length })}
      serverError={serverError}
      isBusy={isSaving}
      submitLabel={t(SUBMIT_KEYS[action])}
      // "Cancel" beside "Cancel order" would read as the action itself.
      dismissLabel={action === 'Cancel' ? t('orders.keep_order') : undefined}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>{t(MESSAGE_KEYS[action])}</Typography>
        <Box component="ul" sx={{ m: 0, pl: 3, maxHeight: 200, overflowY: 'auto' }}>
          {orders.map((order) => (
            <li key={order.Id}>
              <Typography variant="body2">
                {t('orders.order_summary', {
                  name: t('orders.order_name', { id: order.Id, service: order.ProductDisplayName }),
                  company: order.CompanyName,
                  value: formatMoney(order.OrderValue, order.Currency, i18n.language),
                })}
              </Typography>
            </li>
          ))}
        </Box>
        <TextField
          id={`order-${action}-reason`}
          label={isRequired ? t('orders.reason_label_required') : t('orders.reason_label_optional')}
          required={isRequired}
          autoFocus
          multiline
          minRows={2}
          fullWidth
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          error={Boolean(problem)}
          helperText={problem ?? t('orders.reason_help', { max: ORDER_REASON_MAX_LENGTH })}
          slotProps={{ htmlInput: { maxLength: ORDER_REASON_MAX_LENGTH } }}
        />
      </Stack>
    </FormDialog>
  );
}
