import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SeatBatch } from '@cmp/contracts/subscriptions';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

/** Now, again each minute: the countdowns of the windows move on. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The seat batches whose cancellation window is open: how many seats each may still give back, and when its window closes. */
export function SeatWindowsTable({ batches, label }: { batches: readonly SeatBatch[]; label: string }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  const kindText = (batch: SeatBatch) => t(`subscriptions.batch_kind_value.${batch.Kind}`);
  const closesText = (batch: SeatBatch) => {
    const hoursLeft = Math.max(0, Math.floor((Date.parse(batch.RefundableUntil) - now) / 3_600_000));
    return `${formatDateTime(batch.RefundableUntil, i18n.language)} (${t('subscriptions.time_left', { days: Math.floor(hoursLeft / 24), hours: hoursLeft % 24 })})`;
  };
  const columns: DataColumn<SeatBatch>[] = [
    { id: 'kind', header: t('subscriptions.batch_kind'), cell: kindText, sortValue: kindText },
    { id: 'quantity', header: t('subscriptions.batch_quantity'), cell: (batch) => batch.Quantity, sortValue: (batch) => batch.Quantity, align: 'right' },
    { id: 'refundable', header: t('subscriptions.batch_refundable'), cell: (batch) => batch.RefundableQuantity, sortValue: (batch) => batch.RefundableQuantity, align: 'right' },
    { id: 'closes', header: t('subscriptions.batch_closes'), cell: closesText, sortValue: (batch) => Date.parse(batch.RefundableUntil) },
  ];
  return <DataTable tableId="subscription-seat-windows" rows={batches} columns={columns} rowKey={(batch) => batch.Id} label={label} empty={t('subscriptions.no_open_windows')} />;
}
