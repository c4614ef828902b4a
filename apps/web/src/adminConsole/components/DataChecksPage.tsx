import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { DataCheckFinding, DataCheckResult } from '@cmp/contracts/dataChecks';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { useDataChecks } from '../api/adminConsoleOperations';

/**
 * Data checks (issue 30): the states the product must never reach, each listed with the ids of the
 * rows in it so that an operator can find and mend them. Nothing found is the healthy answer, said
 * once at the top; each check still says what it looked for.
 */
export function DataChecksPage() {
  const { t } = useTranslation();
  const query = useDataChecks();
  return (
    <ConsoleQueryCard title={t('data_checks.title')} intro={t('data_checks.intro')} query={query}>
      {(answer) => {
        const total = answer.Checks.reduce((sum, check) => sum + check.Total, 0);
        return (
          <Stack spacing={3}>
            <Alert severity={total ? 'warning' : 'success'} role="status">
              {total ? t('data_checks.found', { count: total }) : t('data_checks.all_clear')}
            </Alert>
            {answer.Checks.map((check) => (
              <DataCheckSection key={check.Check} check={check} />
            ))}
          </Stack>
        );
      }}
    </ConsoleQueryCard>
  );
}

function DataCheckSection({ check }: { check: DataCheckResult }) {
  const { t } = useTranslation();
  const headingId = useId();
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t(`data_checks.check.${check.Check}.title`)}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`data_checks.check.${check.Check}.description`)}
      </Typography>
      {check.Findings.length ? <FindingsTable findings={check.Findings} labelledBy={headingId} /> : <Typography>{t('data_checks.none')}</Typography>}
      {check.Total > check.Findings.length && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('data_checks.shown_of', { shown: check.Findings.length, total: check.Total })}
        </Typography>
      )}
    </Box>
  );
}

function FindingsTable({ findings, labelledBy }: { findings: DataCheckFinding[]; labelledBy: string }) {
  const { t } = useTranslation();
  const reference = (finding: DataCheckFinding) =>
    finding.InvoiceId !== null ? t('data_checks.invoice_ref', { id: finding.InvoiceId }) : finding.OrderId !== null ? t('data_checks.order_ref', { id: finding.OrderId }) : '—';
  const columns: DataColumn<DataCheckFinding>[] = [
    { id: 'RecordId', header: t('data_checks.column_record'), sortValue: (finding) => finding.RecordId, isRowHeader: true, cell: (finding) => finding.RecordId },
    {
      id: 'Account',
      header: t('data_checks.column_account'),
      sortValue: (finding) => finding.AccountName ?? finding.AccountId,
      cell: (finding) => finding.AccountName ?? (finding.AccountId === null ? '—' : String(finding.AccountId)),
    },
    { id: 'Product', header: t('data_checks.column_product'), sortValue: (finding) => finding.ProductName, cell: (finding) => finding.ProductName ?? '—' },
    { id: 'Reference', header: t('data_checks.column_reference'), cell: reference },
    { id: 'Status', header: t('data_checks.column_status'), cell: (finding) => finding.Status },
  ];
  return (
    <DataTable
      tableId="admin-console-data-check-findings"
      rows={findings}
      columns={columns}
      rowKey={(finding) => finding.RecordId}
      labelledBy={labelledBy}
      pageSizes={false}
      empty={t('data_checks.none')}
    />
  );
}
