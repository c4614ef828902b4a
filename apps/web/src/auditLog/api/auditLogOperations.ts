import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogPage, GetAuditLogRequest } from '@cmp/contracts/auditLog';
import { callOperation } from '../../platform/api/callOperation';
import type { DownloadedFile } from '../../platform/files/saveDownload';

/** One page of an audit log or user log; the previous page stays on screen while the next one loads. */
export function useAuditLog(request: GetAuditLogRequest) {
  return useQuery({
    queryKey: ['auditLog', request],
    queryFn: ({ signal }) => callOperation<AuditLogPage>('IAccountService', 'GetAuditLog', request, { suppressErrorToast: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export const exportAuditLog = (request: Omit<GetAuditLogRequest, 'page' | 'pageSize'>) => callOperation<DownloadedFile>('IAccountService', 'ExportAuditLog', request);
