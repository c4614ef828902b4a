import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ReportChartData } from '@cmp/contracts/reporting';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';

const ReportChart = lazy(() => import('./ReportChart'));

/** The chart with a description and, for screen readers, its figures as a table. */
export function ChartSection({ chart, labelTitle }: { chart: ReportChartData; labelTitle: string }) {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const format = (value: number) => new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value);
  const values = chart.Series.map((s) => s.Title).join(', ');
  const description = t(chart.Type === 'line' ? 'reports.chart_line' : 'reports.chart_bar', { values, label: labelTitle });
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
          <Table size="small" sx={visuallyHidden}>
            <caption>{t('reports.chart_table', { chart: description })}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {labelTitle}
                </TableCell>
                {chart.Series.map((s) => (
                  <TableCell key={s.Column} component="th" scope="col">
                    {s.Title}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {chart.Labels.map((label, index) => (
                <TableRow key={label}>
                  <TableCell component="th" scope="row">
                    {label}
                  </TableCell>
                  {chart.Series.map((s) => (
                    <TableCell key={s.Column}>{format(s.Values[index] ?? 0)}</TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </>
      )}
    </Box>
  );
}
