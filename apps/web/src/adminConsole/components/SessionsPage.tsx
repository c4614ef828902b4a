import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { SignedInSession } from '@cmp/contracts/adminConsole';
import { isAllowed } from '@cmp/contracts/capabilities';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { ADMIN_CONSOLE_QUERY_KEY, endSignedInSession, useSignedInSessions } from '../api/adminConsoleOperations';
import { ADMINISTRATIVE_EXECUTE } from '../constants/adminConsolePages';

/** Connected sessions: who is signed in, from where, since when; end one after confirmation. */
export function SessionsPage() {
  const { t } = useTranslation();
  const query = useSignedInSessions();
  return (
    <ConsoleQueryCard title={t('admin_console.sessions_title')} intro={t('admin_console.sessions_intro')} query={query}>
      {(answer, headingId) => (answer.Sessions.length ? <SessionsTable sessions={answer.Sessions} labelledBy={headingId} /> : <Typography>{t('admin_console.sessions_empty')}</Typography>)}
    </ConsoleQueryCard>
  );
}

function SessionsTable({ sessions, labelledBy }: { sessions: SignedInSession[]; labelledBy: string }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmDialog();
  const mayAct = isAllowed(useSessionUser()?.Capability ?? [], ADMINISTRATIVE_EXECUTE);

  const end = async (session: SignedInSession) => {
    const isConfirmed = await confirm({
      title: t('admin_console.end_session_title'),
      message: t('admin_console.end_session_message', { user: session.DisplayName, username: session.Username }),
      agreeLabel: t('admin_console.end_session'),
    });
    if (!isConfirmed) return;
    try {
      await endSignedInSession(session.SessionId);
      showMessage({ type: 'success', text: t('admin_console.end_session_done', { user: session.DisplayName }) });
    } catch {
      // The server's reason was shown as an error toast.
    }
    await queryClient.invalidateQueries({ queryKey: ADMIN_CONSOLE_QUERY_KEY });
  };

  const columns: DataColumn<SignedInSession>[] = [
    {
      id: 'DisplayName',
      header: t('admin_console.column_user'),
      sortValue: (session) => session.DisplayName,
      isRowHeader: true,
      cell: (session) => (
        <>
          {session.DisplayName}
          <Typography variant="body2" color="text.secondary">
            {session.Username}
            {session.ImpersonatorName && ` · ${t('admin_console.impersonated_by', { name: session.ImpersonatorName })}`}
          </Typography>
        </>
      ),
    },
    { id: 'CompanyName', header: t('admin_console.column_organisation'), sortValue: (session) => session.CompanyName, isHideable: true, cell: (session) => session.CompanyName ?? '—' },
    {
      id: 'Ip',
      header: t('admin_console.column_client'),
      sortValue: (session) => session.Ip,
      isHideable: true,
      cell: (session) => (
        <>
          {session.Ip ?? '—'}
          <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={session.UserAgent ?? undefined}>
            {session.UserAgent}
          </Typography>
        </>
      ),
    },
    {
      id: 'LastSeenAt',
      header: t('admin_console.column_last_seen'),
      sortValue: (session) => session.LastSeenAt,
      cellSx: { whiteSpace: 'nowrap' },
      cell: (session) => (
        <>
          {formatDateTime(session.LastSeenAt, i18n.language)}
          <Typography variant="body2" color="text.secondary">
            {t('admin_console.column_signed_in')}: {formatDateTime(session.StartedAt, i18n.language)}
          </Typography>
        </>
      ),
    },
    ...(mayAct
      ? [
          {
            id: 'actions',
            header: t('admin_console.column_actions'),
            cell: (session: SignedInSession) =>
              session.IsCurrent ? (
                <Chip size="small" label={t('admin_console.this_session')} />
              ) : (
                <Button size="small" color="error" onClick={() => void end(session)} aria-label={t('admin_console.end_session_of', { user: session.DisplayName, username: session.Username })}>
                  {t('admin_console.end_session')}
                </Button>
              ),
          },
        ]
      : []),
  ];

  return (
    <>
      <DataTable
        tableId="admin-console-sessions"
        rows={sessions}
        columns={columns}
        rowKey={(session) => session.SessionId}
        labelledBy={labelledBy}
        initialSort={{ sortBy: 'LastSeenAt', sortDirection: 'desc' }}
        empty={t('admin_console.sessions_empty')}
      />
      {dialog}
    </>
  );
}
