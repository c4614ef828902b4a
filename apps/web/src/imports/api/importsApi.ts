import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { AccountImport, GetImportsRequest, getImportsResponseSchema, ImportErrorsPage, ImportFormat, ImportWithErrors, ScheduleImportRequest } from '@cmp/contracts/imports';
import type { FileDownload } from '@cmp/contracts/users';
import { callOperation, callOperationWithFile } from '../../platform/api/callOperation';

// IImportService from the portal (issue 17 "Account imports").

export type ImportList = z.infer<typeof getImportsResponseSchema>;
const SERVICE = 'IImportService';
const IMPORTS_KEY = ['imports'] as const;
/** How often a list with an import waiting or running asks again (progress). */
const PROGRESS_INTERVAL_MS = 2000;

const isActive = (item: AccountImport) => item.Status === 'InProgress' || (item.Status === 'Pending' && item.ScheduleDate !== null);

export function useImports(request: GetImportsRequest) {
  return useQuery({
    queryKey: [...IMPORTS_KEY, 'list', request],
    queryFn: ({ signal }) => callOperation<ImportList>(SERVICE, 'GetImports', request, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.Imports.some(isActive) ? PROGRESS_INTERVAL_MS : false),
  });
}

export function useImportErrors(importId: number, page: number, pageSize: number) {
  return useQuery({
    queryKey: [...IMPORTS_KEY, 'errors', importId, page, pageSize],
    queryFn: ({ signal }) => callOperation<ImportErrorsPage>(SERVICE, 'GetImportErrors', { importId, page, pageSize }, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useImportChanges() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: IMPORTS_KEY });
  return {
    upload: useMutation({
      // The file itself as the body: a large file is streamed, not turned into base64 JSON.
      mutationFn: ({ file, name, parentAccountId }: { file: File; name?: string; parentAccountId?: number }) =>
        callOperationWithFile<ImportWithErrors>(SERVICE, 'UploadImport', { FileName: file.name, name, parentAccountId }, file, { suppressErrorToast: true }),
      onSuccess: refresh,
    }),
    schedule: useMutation({
      mutationFn: (input: ScheduleImportRequest) => callOperation<AccountImport>(SERVICE, 'ScheduleImport', input, { suppressErrorToast: true }),
      onSuccess: refresh,
    }),
    cancel: useMutation({
      mutationFn: (importId: number) => callOperation<AccountImport>(SERVICE, 'CancelImport', { importId }, { suppressErrorToast: true }),
      onSuccess: refresh,
    }),
  };
}

export const fetchImportTemplate = (format: ImportFormat) => callOperation<FileDownload>(SERVICE, 'GetImportTemplate', { format });
