import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SignedInSession } from '@cmp/contracts/adminConsole';
import { isAllowed } from '@cmp/contracts/capabilities';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { showMessage } from '../../platform/messages/messageStore';
import { useSessionUser } from '../../platform/session/currentUser';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { ListPagination } from '../../users/components/ListPagination';
import { SortableHeaderCell } from '../../users/components/SortableHeaderCell';
import { ADMIN_CONSOLE_QUERY_KEY, endSignedInSession, useSignedInSessions } from '../api/adminConsoleOperations';
import { ADMINISTRATIVE_EXECUTE } from '../constants/adminConsolePages';
import { useClientTable } from '../hooks/useClientTable';

type SessionSortField = 'DisplayName' | 'CompanyName' | 'LastSeenAt' | 'Ip';
const sessionValue = (session: SignedInSession, field: SessionSortField) => session[field];

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
  const table = useClientTable<SignedInSession, SessionSortField>(sessions, { sortBy: 'LastSeenAt', sortDirection: 'desc' }, sessionValue);

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

  return (
    <>
      <TableContainer>
        <Table size="small" aria-labelledby={labelledBy}>
          <TableHead>
            <TableRow>
              <SortableHeaderCell field="DisplayName" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_user')}
              </SortableHeaderCell>
              <SortableHeaderCell field="CompanyName" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_organisation')}
              </SortableHeaderCell>
              <SortableHeaderCell field="Ip" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_client')}
              </SortableHeaderCell>
              <SortableHeaderCell field="LastSeenAt" sort={table.sort} onSort={table.onSort}>
                {t('admin_console.column_last_seen')}
              </SortableHeaderCell>
              {mayAct && <TableCell>{t('admin_console.column_actions')}</TableCell>}
            </TableRow>
          </TableHead>
          <TableBody>
            {table.pageRows.map((session) => (
              <TableRow key={session.SessionId}>
                <TableCell component="th" scope="row">
                  {session.DisplayName}
                  <Typography variant="body2" color="text.secondary">
                    {session.Username}
                    {session.ImpersonatorName && ` · ${t('admin_console.impersonated_by', { name: session.ImpersonatorName })}`}
                  </Typography>
                </TableCell>
                <TableCell>{session.CompanyName ?? '—'}</TableCell>
                <TableCell>
                  {session.Ip ?? '—'}
                  <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={session.UserAgent ?? undefined}>
                    {session.UserAgent}
                  </Typography>
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  {formatDateTime(session.LastSeenAt, i18n.language)}
                  <Typography variant="body2" color="text.secondary">
                    {t('admin_console.column_signed_in')}: {formatDateTime(session.StartedAt, i18n.language)}
                  </Typography>
                </TableCell>
                {mayAct && (
                  <TableCell>
                    {session.IsCurrent ? (
                      <Chip size="small" label={t('admin_console.this_session')} />
                    ) : (
                      <Button size="small" color="error" onClick={() => void end(session)} aria-label={t('admin_console.end_session_of', { user: session.DisplayName, username: session.Username })}>
                        {t('admin_console.end_session')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <ListPagination {...table.pagination} />
      {dialog}
    </>
  );
}
