import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { INVOICE_GENERATION_ETA_MINUTES, type InvoiceFileTask } from '@cmp/contracts/billing';
import { failureText } from '../../platform/api/failureText';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { requestInvoiceGeneration, useIntervals } from '../api/billingOperations';
import { IntervalSelect } from './IntervalSelect';

interface InvoiceGenerationDialogProps {
  accountId: number;
  /** The task the server queued; the dialog closes itself through onClose afterwards. */
  onRequested: (task: InvoiceFileTask) => void;
  onClose: () => void;
}

/** Picks a month with invoices and asks for its invoices as PDF files in a ZIP, e-mailed as a link. Shows the server's refusal. */
export function InvoiceGenerationDialog({ accountId, onRequested, onClose }: InvoiceGenerationDialogProps) {
  const { t } = useTranslation();
  const textId = useId();
  const intervals = useIntervals(accountId);
  // Only a month with some invoice has files to prepare; the list is newest first.
  const withInvoices = intervals.data?.Intervals.filter((interval) => interval.HasInvoices) ?? [];
  const [chosen, setChosen] = useState<string>();
  const intervalId = chosen ?? withInvoices[0]?.IntervalId;
  const [error, setError] = useState<string>();
  const [isSending, setIsSending] = useState(false);

  const submit = async () => {
    if (!intervalId || isSending) return;
    setError(undefined);
    setIsSending(true);
    try {
      onRequested(await requestInvoiceGeneration({ accountId, intervalId }));
    } catch (failure) {
      setError(failureText(failure));
      setIsSending(false);
    }
  };

  return (
    <FormDialog
      open
      title={t('billing.invoice_files.dialog_title')}
      describedBy={textId}
      serverError={error}
      isBusy={isSending}
      isSubmitDisabled={!intervalId}
      submitLabel={t('billing.invoice_files.confirm')}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <div id={textId}>
          <Typography>{t('billing.invoice_files.dialog_text')}</Typography>
          <Typography>{t('billing.invoice_files.eta', { minutes: INVOICE_GENERATION_ETA_MINUTES })}</Typography>
        </div>
        {intervals.isPending && <LoadingIndicator />}
        {intervals.isError && <Alert severity="error">{t('billing.errors.intervals')}</Alert>}
        {intervals.data && withInvoices.length === 0 && (
          <Alert severity="info" role="note">
            {t('billing.invoice_files.no_months')}
          </Alert>
        )}
        {intervalId && <IntervalSelect id="invoice-files-interval" intervals={withInvoices} value={intervalId} onChange={setChosen} label={t('billing.invoice_files.interval')} />}
      </Stack>
    </FormDialog>
  );
}
