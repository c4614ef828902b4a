import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReportChartData } from '@cmp/contracts/reporting';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';

const ReportChart = lazy(() => import('./ReportChart'));

/** The chart with a description and, for screen readers, its figures as a table. */
export function ChartSection({ chart, labelTitle }: { chart: ReportChartData; labelTitle: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const format = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const values = chart.Series.map((s) => s.Title).join(', ');
  const description = t(chart.Type === 'line' ? 'reports.chart_line' : 'reports.chart_bar', { values, label: labelTitle });
  const columns: DataColumn<{ label: string; index: number }>[] = [
    { id: 'label', header: labelTitle, isRowHeader: true, cell: (point) => point.label },
    ...chart.Series.map((series) => ({ id: series.Column, header: series.Title, cell: (point: { index: number }) => format(series.Values[point.index] ?? 0) })),
  ];
  return (
    <Box component="figure" aria-labelledby={headingId} sx={{ m: 0, mt: 3 }}>
      <Typography id={headingId} variant="subtitle1" component="figcaption" sx={{ fontWeight: 600 }}>
        {description}
      </Typography>
      {chart.Labels.length === 0 ? (
        <Typography color="text.secondary">{t('reports.chart_empty')}</Typography>
      ) : (
        <>
          <Box data-testid="report-chart" sx={{ minHeight: 300, maxWidth: 960 }}>
            <Suspense fallback={<LoadingIndicator />}>
              <ReportChart chart={chart} />
            </Suspense>
          </Box>
          <DataTable
            tableId="report-chart-figures"
            rows={chart.Labels.map((label, index) => ({ label, index }))}
            rowKey={(point) => point.index}
            columns={columns}
            caption={t('reports.chart_table', { chart: description })}
            isScreenReaderOnly
            empty={null}
          />
        </>
      )}
    </Box>
  );
}
