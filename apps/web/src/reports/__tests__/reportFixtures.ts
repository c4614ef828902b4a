import type { FrequentReport, ReportDefinition, ReportResult } from '@cmp/contracts/reporting';
import type { FakeResponse } from '../../test/fakeFetch';

export const operationOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
export type Answer = (operation: string, body: Record<string, unknown>) => FakeResponse | Promise<FakeResponse>;

const column = (Name: string, Title: string, Type: ReportDefinition['Columns'][number]['Type']) => ({ Name, TitleKey: `report_column_${Name}`, Title, Type, Sortable: true });

export const ordersByStatus: ReportDefinition = {
  Name: 'OrdersByStatus',
  TitleKey: 'report_OrdersByStatus_title',
  Title: 'Orders by status',
  DescriptionKey: 'report_OrdersByStatus_description',
  Description: 'Orders per approval status with how long the approval took.',
  Parameters: [
    { Name: 'period', Type: 'dateRange', LabelKey: 'report_param_period', Label: 'Period', Required: false, Default: '2025-11-28/2026-11-27', Options: [], Min: null, Max: null },
    {
      Name: 'status',
      Type: 'status',
      LabelKey: 'report_param_status',
      Label: 'Status',
      Required: false,
      Default: null,
      Options: [
        { Value: 'Pending', Label: 'Pending' },
        { Value: 'Approved', Label: 'Approved' },
      ],
      Min: null,
      Max: null,
    },
  ],
  Columns: [column('Status', 'Status', 'text'), column('Orders', 'Orders', 'number'), column('Decided', 'Decided', 'number'), column('LastOrder', 'Last order', 'date')],
  DefaultColumns: ['Status', 'Orders', 'Decided', 'LastOrder'],
  DefaultSort: { Column: 'Orders', Direction: 'desc' },
  Chart: { Type: 'bar', LabelColumn: 'Status', ValueColumns: ['Orders'] },
};

export const subscriptionsEnding: ReportDefinition = {
  ...ordersByStatus,
  Name: 'SubscriptionsEnding',
  Title: 'Subscriptions ending soon',
  Description: 'Subscriptions whose commitment ends in the next days.',
  Parameters: [{ Name: 'days', Type: 'number', LabelKey: 'report_param_days', Label: 'Days ahead', Required: true, Default: '30', Options: [], Min: 1, Max: 730 }],
  Chart: { Type: 'none', LabelColumn: null, ValueColumns: [] },
};

export const definitions = { Reports: [ordersByStatus, subscriptionsEnding] };

export const frequent: { Reports: FrequentReport[] } = {
  Reports: [
    { Name: 'OrdersByStatus', TitleKey: '', Title: 'Orders by status', DescriptionKey: '', Description: 'Orders per approval status.', Runs: 3, LastRunAt: '2026-11-20T10:00:00Z', LastParameters: [] },
    { Name: 'SubscriptionsEnding', TitleKey: '', Title: 'Subscriptions ending soon', DescriptionKey: '', Description: 'Ending in the next days.', Runs: 0, LastRunAt: null, LastParameters: [] },
  ],
};

/** A page of OrdersByStatus with the asked columns. */
export function resultFor(body: Record<string, unknown>, total = 3): ReportResult {
  const asked = (body.columns as string[] | undefined)?.length ? (body.columns as string[]) : ordersByStatus.DefaultColumns;
  const all: Record<string, (string | number | null)[]> = {
    Status: ['Approved', 'Pending', 'Rejected'],
    Orders: [4, 2, 1],
    Decided: [4, 0, 1],
    LastOrder: ['2026-11-20T00:00:00.000Z', '2026-11-25T00:00:00.000Z', '2026-11-21T00:00:00.000Z'],
  };
  return {
    Columns: asked.map((name) => ordersByStatus.Columns.find((c) => c.Name === name)!),
    Rows: [0, 1, 2].slice(0, total).map((i) => asked.map((name) => all[name]![i]!)),
    TotalCount: total,
    Chart: total ? { Type: 'bar', LabelColumn: 'Status', ValueColumns: ['Orders'], Labels: ['Approved', 'Pending', 'Rejected'], Series: [{ Column: 'Orders', Title: 'Orders', Values: [4, 2, 1] }] } : null,
  };
}
