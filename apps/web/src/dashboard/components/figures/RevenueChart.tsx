import { BarChart } from '@mui/x-charts/BarChart';

export interface RevenueChartProps {
  /** The months' short names, oldest first. */
  labels: string[];
  series: { label: string; values: number[]; color: string }[];
  height: number;
  format: (value: number) => string;
}

/**
 * The dashboard's small revenue and margin chart (@mui/x-charts, loaded with this module only once
 * the figures are there, so neither the entry nor the dashboard's chunk carries it). Its legend and
 * its figures as a table are drawn by RevenueFigureCard, outside this chunk.
 */
export function RevenueChart({ labels, series, height, format }: RevenueChartProps) {
  return (
    <BarChart
      xAxis={[{ scaleType: 'band', data: labels }]}
      yAxis={[{ width: 56, valueFormatter: (value: number | null) => (value === null ? '' : format(value)) }]}
      series={series.map((s) => ({ data: s.values, label: s.label, color: s.color, valueFormatter: (value: number | null) => (value === null ? '' : format(value)) }))}
      height={height}
      hideLegend
      skipAnimation
      margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
    />
  );
}

export default RevenueChart;
