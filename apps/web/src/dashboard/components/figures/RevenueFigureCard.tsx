import { lazy, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import { formatMoney } from '../../../platform/money/formatMoney';
import { DataTable, type DataColumn } from '../../../platform/ui/table/DataTable';
import { visuallyHidden } from '../../../platform/ui/visuallyHidden';
import { REVENUE_MONTHS, useRevenueFigures, type MonthFigures, type RevenueFigures } from '../../api/useDashboardFigures';
import { dateTimeFormat, numberFormat } from '../../../platform/i18n/intlFormats';

// @mui/x-charts stays out of the dashboard's chunk: it comes with the chart, once there is one to draw.
const RevenueChart = lazy(() => import('./RevenueChart'));

export const REVENUE_REPORT_PATH = '/reports/RevenueByMonth';
/** The heights the card keeps in every state (loading, figures, none, failed): nothing moves when the figures arrive (issue 12). */
const FIGURES_HEIGHT = 116;
const CHART_HEIGHT = 120;
/** The caption's line and the legend's line above the chart. */
const CAPTION_HEIGHT = 44;
/** Currencies listed in the card; more are named by count (the report has them all). */
const LISTED_CURRENCIES = 3;

const amount = (value: number) => value.toFixed(2);

/** This month's revenue and margin per currency, and a bar chart of the last months, linking to the RevenueByMonth report. */
export function RevenueFigureCard() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const monthId = useId();
  const query = useRevenueFigures(true);
  const monthName = dateTimeFormat(i18n.language, { month: 'long', year: 'numeric' }).format(new Date());

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
      <CardActionArea component={RouterLink} to={REVENUE_REPORT_PATH} aria-labelledby={titleId} aria-describedby={monthId} sx={{ px: 2, pt: 2, pb: 1 }}>
        <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 600, lineHeight: 1.4 }}>
          {t('dashboard_figures.revenue_title')}
        </Typography>
        <Typography id={monthId} variant="body2" color="text.secondary">
          {monthName}
        </Typography>
      </CardActionArea>
      <Box sx={{ px: 2, pb: 2, display: 'flex', flexDirection: 'column', gap: 1, flex: 1 }}>
        <Box sx={{ height: FIGURES_HEIGHT, overflow: 'hidden' }}>
          {query.isPending ? (
            <Box role="status">
              <Box component="span" sx={visuallyHidden}>
                {t('common.loading')}
              </Box>
              {[0, 1, 2].map((row) => (
                <Skeleton key={row} variant="text" width={row === 0 ? '60%' : '90%'} height={32} aria-hidden />
              ))}
            </Box>
          ) : query.isError ? (
            <Typography variant="body2" color="error">
              {t('dashboard_figures.load_failed')}
            </Typography>
          ) : query.data.current.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('dashboard_figures.revenue_empty')}
            </Typography>
          ) : (
            <CurrentFigures figures={query.data.current} locale={i18n.language} />
          )}
        </Box>
        <RevenueChartFigure query={query} />
      </Box>
    </Card>
  );
}

// Figures packed into the card: no cell padding or lines, the currency's header and names in grey.
const COMPACT_SX = { '& td, & th': { px: 0, py: 0.5, borderBottom: 'none', fontSize: '0.875rem' }, '& td, & th:not(:first-of-type)': { pl: 1 }, '& thead th': { color: 'text.secondary' } } as const;

function CurrentFigures({ figures, locale }: { figures: MonthFigures[]; locale: string }) {
  const { t } = useTranslation();
  const listed = figures.length > LISTED_CURRENCIES ? figures.slice(0, LISTED_CURRENCIES - 1) : figures;
  const columns: DataColumn<MonthFigures>[] = [
    { id: 'currency', header: t('dashboard_figures.currency'), isRowHeader: true, cell: (row) => row.Currency },
    { id: 'revenue', header: t('dashboard_figures.revenue'), align: 'right', cellSx: { fontWeight: 600, whiteSpace: 'nowrap' }, cell: (row) => formatMoney(amount(row.Revenue), row.Currency, locale) },
    { id: 'margin', header: t('dashboard_figures.margin'), align: 'right', cellSx: { whiteSpace: 'nowrap' }, cell: (row) => formatMoney(amount(row.Margin), row.Currency, locale) },
  ];
  return (
    <>
      <DataTable tableId="dashboard-revenue" rows={listed} columns={columns} rowKey={(row) => row.Currency} label={t('dashboard_figures.revenue_per_currency')} pageSizes={false} empty={null} sx={COMPACT_SX} />
      {listed.length < figures.length && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t('dashboard_figures.more_currencies', { count: figures.length - listed.length })}
        </Typography>
      )}
    </>
  );
}

/** The currency of the chart: this month's largest, else that of the latest month billed. */
function chartCurrency(data: RevenueFigures): string | undefined {
  for (const month of [...data.months].reverse()) {
    const first = data.byMonth[month]?.[0];
    if (first) return first.Currency;
  }
  return undefined;
}

function RevenueChartFigure({ query }: { query: ReturnType<typeof useRevenueFigures> }) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const captionId = useId();
  const reserve = { height: CAPTION_HEIGHT + CHART_HEIGHT } as const;
  if (query.isPending) return <Skeleton variant="rounded" sx={reserve} aria-hidden />;
  if (query.isError) return <Box sx={reserve} />;
  const data = query.data;
  const currency = chartCurrency(data);
  if (!currency) {
    return (
      <Typography variant="body2" color="text.secondary" sx={reserve}>
        {t('dashboard_figures.chart_empty', { months: REVENUE_MONTHS })}
      </Typography>
    );
  }
  const monthFormat = dateTimeFormat(i18n.language, { month: 'short', timeZone: 'UTC' });
  const labels = data.months.map((month) => monthFormat.format(new Date(`${month}-01T00:00:00Z`)));
  const valuesOf = (key: 'Revenue' | 'Margin') => data.months.map((month) => data.byMonth[month]?.find((row) => row.Currency === currency)?.[key] ?? 0);
  const series = [
    { label: t('dashboard_figures.revenue'), values: valuesOf('Revenue'), color: theme.palette.primary.main },
    { label: t('dashboard_figures.margin'), values: valuesOf('Margin'), color: theme.palette.success.main },
  ];
  const compact = numberFormat(i18n.language, { notation: 'compact', maximumFractionDigits: 1 });
  const caption = t('dashboard_figures.chart_caption', { months: REVENUE_MONTHS, currency });
  const monthName = dateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const figureColumns: DataColumn<{ month: string; index: number }>[] = [
    { id: 'month', header: t('dashboard_figures.month'), isRowHeader: true, cell: ({ month }) => monthName.format(new Date(`${month}-01T00:00:00Z`)) },
    ...series.map((s) => ({ id: s.label, header: s.label, cell: ({ index }: { index: number }) => formatMoney(amount(s.values[index] ?? 0), currency, i18n.language) })),
  ];
  return (
    <Box component="figure" aria-labelledby={captionId} sx={{ m: 0, ...reserve, position: 'relative' }}>
      <Box sx={{ height: CAPTION_HEIGHT, '& > *': { height: 22, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' } }}>
        <Typography id={captionId} component="figcaption" variant="body2" color="text.secondary">
          {caption}
        </Typography>
        {/* The legend, in words beside the colours (WCAG 1.4.1); the table below reads the figures out. */}
        <Box aria-hidden sx={{ display: 'flex', columnGap: 2, alignItems: 'center', typography: 'body2' }}>
          {series.map((s) => (
            <Box key={s.label} component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
              <Box component="span" sx={{ width: 12, height: 12, borderRadius: 0.5, bgcolor: s.color, flex: 'none' }} />
              {s.label}
            </Box>
          ))}
        </Box>
      </Box>
      {/* Inert: the chart's own keyboard navigation and tooltips would repeat the table below for nobody (its figures are read from the table). */}
      <Box inert sx={{ height: CHART_HEIGHT }}>
        <Suspense fallback={<Skeleton variant="rounded" height={CHART_HEIGHT} />}>
          <RevenueChart labels={labels} series={series} height={CHART_HEIGHT} format={(value) => compact.format(value)} />
        </Suspense>
      </Box>
      <DataTable tableId="dashboard-revenue-chart" rows={data.months.map((month, index) => ({ month, index }))} columns={figureColumns} rowKey={(row) => row.month} caption={caption} isScreenReaderOnly empty={null} />
    </Box>
  );
}
