import { useTranslation } from 'react-i18next';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import type { ReportChartData } from '@cmp/contracts/reporting';

/**
 * The chart of a report (@mui/x-charts, loaded with this module only when a report has a chart, so
 * the entry chunk does not grow). Screen readers also get the figures as ChartSection's table.
 */
export function ReportChart({ chart }: { chart: ReportChartData }) {
  const { i18n } = useTranslation();
  const format = (value: number | null) => (value === null ? '' : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 1 }).format(value));
  const series = chart.Series.map((s) => ({ data: s.Values, label: s.Title, valueFormatter: format }));
  const xAxis = [{ scaleType: chart.Type === 'line' ? ('point' as const) : ('band' as const), data: chart.Labels }];
  const common = { xAxis, skipAnimation: true, height: 300, margin: { left: 8, right: 16, top: 16, bottom: 8 } };
  return chart.Type === 'line' ? <LineChart {...common} series={series} /> : <BarChart {...common} series={series} />;
}

export default ReportChart;
