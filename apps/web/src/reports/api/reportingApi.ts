import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FrequentReport, ReportDefinition, ReportResult, RunReportRequest } from '@cmp/contracts/reporting';
import { callOperation } from '../../platform/api/callOperation';
import type { DownloadedFile } from '../../platform/files/saveDownload';

// Issue 15 "Reports": IReportingService (spec §7 reporting: reportName, paremeterFields — spelt so —, generateExcelFile, columns).

const SERVICE = 'IReportingService';
export const reportsQueryKey = ['reports'] as const;

/** The reports the user may run, with their parameters and columns in the user's language. */
export function useReportDefinitions() {
  return useQuery({
    queryKey: [...reportsQueryKey, 'definitions'],
    queryFn: ({ signal }) => callOperation<{ Reports: ReportDefinition[] }>(SERVICE, 'GetReports', {}, { suppressErrorToast: true, signal }),
  });
}

/** The user's most-run reports (a suggestion of the first ones while the user ran none). */
export function useFrequentReports() {
  return useQuery({
    queryKey: [...reportsQueryKey, 'frequent'],
    queryFn: ({ signal }) => callOperation<{ Reports: FrequentReport[] }>(SERVICE, 'GetFrequentReports', {}, { suppressErrorToast: true, signal }),
  });
}

export type ReportRunRequest = Omit<RunReportRequest, 'generateExcelFile'>;

/**
 * One page of a report's result; nothing runs until `request` is given (the user pressed Run).
 * `run` counts the user's runs: a run of the same parameters again asks the server again.
 */
export function useReportResult(request: ReportRunRequest | undefined, run: number) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: [...reportsQueryKey, 'result', request, run],
    queryFn: async ({ signal }) => {
      const result = await callOperation<ReportResult>(SERVICE, 'RunReport', { ...request, generateExcelFile: false }, { suppressErrorToast: true, signal });
      // The run counts: /reports shows it among the frequent reports the next time.
      void queryClient.invalidateQueries({ queryKey: [...reportsQueryKey, 'frequent'] });
      return result;
    },
    enabled: request !== undefined,
    placeholderData: keepPreviousData,
    // A report is read when asked: no refetch behind the user's back (each run is counted).
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
}

/** The whole result as an Excel file of exactly the shown columns. */
export const exportReport = (request: ReportRunRequest) => callOperation<DownloadedFile>(SERVICE, 'RunReport', { ...request, generateExcelFile: true });
