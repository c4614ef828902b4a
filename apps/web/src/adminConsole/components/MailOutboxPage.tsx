import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OUTBOX_MAIL_STATUSES, type OutboxMail, type OutboxMailStatus, type OutboxSortField } from '@cmp/contracts/adminConsole';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { ListPagination } from '../../platform/ui/table/ListPagination';
import { SortableHeaderCell, type SortState } from '../../platform/ui/table/SortableHeaderCell';
import { useOutboxMails } from '../api/adminConsoleOperations';
import { useResendMail } from '../hooks/useResendMail';
import { OutboxMailDialog } from './OutboxMailDialog';

/** The mail outbox (DESIGN.md "mail"): every mail with its status, read one, resend a failed one. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OutboxMailStatus | ''>('');
  const [text, setText] = useState('');
  const [sort, setSort] = useState<SortState<OutboxSortField>>({ sortBy: 'CreatedAt', sortDirection: 'desc' });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const [openMailId, setOpenMailId] = useState<number>();
  const query = useOutboxMails({ ...(status ? { status } : {}), ...(text.trim() ? { text: text.trim() } : {}), ...sort, page, pageSize });

  return (
    <ConsoleQueryCard title={t('admin_console.outbox_title')} intro={t('admin_console.outbox_intro')} query={query}>
      {(answer, headingId) => (
        <>
          {!answer.IsDeliveryConfigured && <Typography sx={{ mb: 2 }}>{t('admin_console.outbox_no_delivery')}</Typography>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            <TextField
              select
              size="small"
              label={t('admin_console.filter_status')}
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as OutboxMailStatus | '');
                setPage(0);
              }}
              sx={{ minWidth: 200 }}
            >
              <MenuItem value="">{t('admin_console.filter_all', { count: answer.Counts.Sent + answer.Counts.Pending + answer.Counts.Failed })}</MenuItem>
              {OUTBOX_MAIL_STATUSES.map((value) => (
                <MenuItem key={value} value={value}>
                  {t(`admin_console.mail_status_count.${value}`, { count: answer.Counts[value] })}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              size="small"
              type="search"
              label={t('admin_console.filter_text')}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setPage(0);
              }}
            />
          </Stack>
          {answer.Mails.length === 0 ? (
            <Typography>{t('admin_console.outbox_empty')}</Typography>
          ) : (
            <OutboxTable
              mails={answer.Mails}
              labelledBy={headingId}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                setPage(0);
              }}
              canResend={answer.IsDeliveryConfigured}
              onOpen={setOpenMailId}
            />
          )}
          <ListPagination total={answer.Total} page={page} pageSize={pageSize} onPageChange={setPage} onPageSizeChange={(next) => (setPageSize(next), setPage(0))} />
          {openMailId !== undefined && <OutboxMailDialog mailId={openMailId} canResend={answer.IsDeliveryConfigured} onClose={() => setOpenMailId(undefined)} />}
        </>
      )}
    </ConsoleQueryCard>
  );
}

interface OutboxTableProps {
  mails: OutboxMail[];
  labelledBy: string;
  sort: SortState<OutboxSortField>;
  onSort: (sort: SortState<OutboxSortField>) => void;
  canResend: boolean;
  onOpen: (mailId: number) => void;
}

function OutboxTable({ mails, labelledBy, sort, onSort, canResend, onOpen }: OutboxTableProps) {
  const { t, i18n } = useTranslation();
  const { mayAct, resend } = useResendMail();
  return (
    <TableContainer>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell field="CreatedAt" sort={sort} onSort={onSort}>
              {t('admin_console.column_created')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Recipient" sort={sort} onSort={onSort}>
              {t('admin_console.column_recipient')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Subject" sort={sort} onSort={onSort}>
              {t('admin_console.column_subject')}
            </SortableHeaderCell>
            <SortableHeaderCell field="Status" sort={sort} onSort={onSort}>
              {t('admin_console.column_status')}
            </SortableHeaderCell>
            <TableCell>{t('admin_console.column_actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {mails.map((mail) => (
            <TableRow key={mail.MailId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(mail.CreatedAt, i18n.language)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{mail.Recipient}</TableCell>
              <TableCell component="th" scope="row">
                {mail.Subject}
              </TableCell>
              <TableCell>
                {t(`admin_console.mail_status.${mail.Status}`)}
                {mail.Error && (
                  <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
                    {mail.Error}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1}>
                  <Button size="small" onClick={() => onOpen(mail.MailId)} aria-label={t('admin_console.read_mail', { subject: mail.Subject, recipient: mail.Recipient })}>
                    {t('admin_console.read')}
                  </Button>
                  {mail.Status === 'Failed' && mayAct && canResend && (
                    <Button size="small" onClick={() => void resend(mail).catch(() => undefined)} aria-label={t('admin_console.resend_mail', { subject: mail.Subject, recipient: mail.Recipient })}>
                      {t('admin_console.resend')}
                    </Button>
                  )}
                </Stack>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
