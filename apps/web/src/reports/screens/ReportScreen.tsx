import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReportDefinition } from '@cmp/contracts/reporting';
import { failureText } from '../../platform/api/failureText';
import { saveDownload } from '../../platform/files/saveDownload';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { exportReport, useReportDefinitions, useReportResult, type ReportRunRequest } from '../api/reportingApi';
import { ChartSection } from '../components/ChartSection';
import { ColumnChooser } from '../components/ColumnChooser';
import { ReportGrid } from '../components/ReportGrid';
import { initialValues, ReportParameterForm, toParameterFields, type ParameterValues } from '../components/ReportParameterForm';

/** `/reports/{reportId}` (spec §2, Reporting Read): one report — its parameters, Run, the grid, the chart and the Excel export. */
export function ReportScreen() {
  const { t } = useTranslation();
  const { reportId = '' } = useParams();
  const definitions = useReportDefinitions();
  const report = definitions.data?.Reports.find((r) => r.Name.toLowerCase() === reportId.toLowerCase());

  if (definitions.isPending) return <LoadingIndicator />;
  if (definitions.isError) return <Alert severity="error">{failureText(definitions.error)}</Alert>;
  if (!report) {
    return (
      <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
        <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
          {t('reports.not_found_title')}
        </Typography>
        <Typography sx={{ mb: 2 }}>{t('reports.not_found_text')}</Typography>
        <Link component={RouterLink} to="/reports">
          {t('reports.back')}
        </Link>
      </Box>
    );
  }
  // A new report starts afresh (its own form, columns and result).
  return <ReportView key={report.Name} report={report} />;
}

function ReportView({ report }: { report: ReportDefinition }) {
  const { t } = useTranslation();
  const resultId = useId();
  const [values, setValues] = useState<ParameterValues>(() => initialValues(report.Parameters));
  const [ran, setRan] = useState<ParameterValues>();
  const [shown, setShown] = useState<string[]>(report.DefaultColumns);
  // Every run starts at the first page, also a run of the same parameters again.
  const [runCount, setRunCount] = useState(0);
  const list = useServerPaging<string>({ sortBy: report.DefaultSort.Column, sortDirection: report.DefaultSort.Direction }, [runCount, shown]);
  const { sortBy, sortDirection, page, pageSize } = list.request;
  const [isExporting, setIsExporting] = useState(false);

  const base = ran && { reportName: report.Name, paremeterFields: toParameterFields(ran), columns: shown, sort: { column: sortBy, direction: sortDirection } };
  const request: ReportRunRequest | undefined = base && { ...base, page, pageSize };
  const result = useReportResult(request, runCount);
  const data = result.data;
  const labelColumn = report.Columns.find((c) => c.Name === report.Chart.LabelColumn);

  const run = (next: ParameterValues) => {
    setRan({ ...next });
    // The same parameters again run again (each run counts and may find new rows).
    setRunCount((count) => count + 1);
  };
  async function exportFile() {
    if (!base) return;
    setIsExporting(true);
    try {
      saveDownload(await exportReport(base));
    } catch {
      // The failure was shown as a message (spec §8 "Unable to export file, refresh and try again").
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Box sx={{ maxWidth: 1440, mx: 'auto' }}>
      <Link component={RouterLink} to="/reports" variant="body2">
        {t('reports.back')}
      </Link>
      <Typography variant="h4" component="h1" sx={{ mt: 1, mb: 1 }}>
        {report.Title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {report.Description}
      </Typography>
      <Paper component="section" aria-label={t('reports.parameters_title')} variant="outlined" sx={{ p: 3, mb: 3 }}>
        <ReportParameterForm parameters={report.Parameters} values={values} onChange={setValues} onRun={run} isRunning={result.isFetching} />
      </Paper>
      <Paper component="section" aria-labelledby={resultId} variant="outlined" sx={{ p: 3 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', justifyContent: 'space-between', mb: 2 }}>
          <Typography id={resultId} variant="h6" component="h2">
            {t('reports.result_title')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <ColumnChooser columns={report.Columns} shown={shown} onChange={setShown} />
            <Button variant="outlined" onClick={() => void exportFile()} disabled={!data || data.TotalCount === 0 || isExporting}>
              {isExporting ? t('reports.exporting') : t('reports.export')}
            </Button>
          </Box>
        </Box>
        {result.isFetching ? <LinearProgress aria-label={t('common.loading')} /> : <div style={{ height: 4 }} />}
        {!ran && <Typography color="text.secondary" sx={{ py: 2 }}>{t('reports.not_run')}</Typography>}
        {result.isError && <Alert severity="error">{failureText(result.error)}</Alert>}
        {data && !result.isError && (
          <>
            <ReportGrid
              result={data}
              labelledBy={resultId}
              server={list.paging(data.TotalCount)}
              empty={
                <Typography role="status" sx={{ py: 3 }}>
                  {t('reports.no_rows')}
                </Typography>
              }
            />
            {data.Chart && data.Chart.Type !== 'none' && data.TotalCount > 0 && <ChartSection chart={data.Chart} labelTitle={labelColumn?.Title ?? ''} />}
          </>
        )}
      </Paper>
    </Box>
  );
}
