import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import type { Invoice, InvoiceSummary } from '@cmp/contracts/billing';
import { failureText } from '../../platform/api/failureText';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { downloadInvoice, useInvoice } from '../api/billingOperations';
import { saveDownload } from '../../platform/files/saveDownload';
import { formatCountry, formatInterval, formatIssuedAt, formatPeriod } from '../utils/billingFormat';
import { InvoiceLinesTable } from './InvoiceLinesTable';

interface InvoiceDialogProps {
  accountId: number;
  /** The row opened: its number titles the dialog while the whole invoice loads. */
  summary: InvoiceSummary;
  onClose: () => void;
}

/** One invoice or credit note as issued (GetInvoice): parties, lines, tax and totals. MUI returns the focus to the row's number on close. */
export function InvoiceDialog({ accountId, summary, onClose }: InvoiceDialogProps) {
  const { t } = useTranslation();
  const query = useInvoice(accountId, summary.InvoiceId);
  const [downloading, setDownloading] = useState(false);
  const downloadPdf = async () => {
    setDownloading(true);
    try {
      saveDownload(await downloadInvoice(summary.InvoiceId));
    } catch {
      // callOperation has shown the failure.
    } finally {
      setDownloading(false);
    }
  };
  return (
    <FormDialog
      open
      title={t(`billing.invoice.title_${summary.Kind}`, { number: summary.InvoiceNumber })}
      maxWidth="lg"
      onClose={onClose}
      extraActions={
        <Button onClick={() => void downloadPdf()} disabled={downloading}>
          {t('billing.invoice.download_pdf')}
        </Button>
      }
    >
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {query.data && <InvoiceBody invoice={query.data} />}
    </FormDialog>
  );
}

function InvoiceBody({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const facts: [string, string][] = [
    [t('billing.column.interval'), formatInterval(invoice.IntervalId, locale)],
    [t('billing.column.period'), formatPeriod(invoice.PeriodStart, invoice.PeriodEnd, locale)],
    [t('billing.column.issued_at'), formatIssuedAt(invoice.IssuedAt, locale)],
  ];
  return (
    <>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 3, mb: 2 }}>
        <Party heading={t('billing.column.seller')} name={invoice.SellerName} address={invoice.SellerAddress} country={invoice.SellerCountry} vatId={invoice.SellerVatId} />
        <Party heading={t('billing.column.buyer')} name={invoice.BuyerName} address={invoice.BuyerAddress} country={invoice.BuyerCountry} vatId={invoice.BuyerVatId} />
      </Box>
      <FactList items={facts} />
      <InvoiceLinesTable invoice={invoice} />
      {invoice.ReverseCharge && (
        <Alert severity="info" role="note" sx={{ my: 2 }}>
          {t('billing.invoice.reverse_charge')}
        </Alert>
      )}
    </>
  );
}

function Party({ heading, name, address, country, vatId }: { heading: string; name: string; address: string; country: string | null; vatId: string | null }) {
  const { t, i18n } = useTranslation();
  return (
    <div>
      <Typography variant="subtitle2" component="h3" color="text.secondary">
        {heading}
      </Typography>
      <Typography sx={{ fontWeight: 500 }}>{name}</Typography>
      {address && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-line' }}>
          {address}
        </Typography>
      )}
      {country && <Typography variant="body2">{formatCountry(country, i18n.language)}</Typography>}
      {vatId && <Typography variant="body2">{t('billing.invoice.vat_id', { vatId })}</Typography>}
    </div>
  );
}

/** Name–value pairs as a description list, so screen readers read each value with its name. */
function FactList({ items }: { items: [string, string][] }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', columnGap: 3, rowGap: 0.5, my: 2 }}>
      {items.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontVariantNumeric: 'tabular-nums' }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
