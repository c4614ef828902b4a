import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OUTBOX_MAIL_STATUSES, type OutboxMail, type OutboxMailStatus, type OutboxSortField } from '@cmp/contracts/adminConsole';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { ConsoleQueryCard } from './ConsoleQueryCard';
import { DataTable, type DataColumn, type ServerPaging } from '../../platform/ui/table/DataTable';
import { useServerPaging } from '../../platform/ui/table/useServerPaging';
import { useOutboxMails } from '../api/adminConsoleOperations';
import { useResendMail } from '../hooks/useResendMail';
import { OutboxMailDialog } from './OutboxMailDialog';

/** The mail outbox (DESIGN.md "mail"): every mail with its status, read one, resend a failed one. */
export function MailOutboxPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<OutboxMailStatus | ''>('');
  const [text, setText] = useState('');
  const [openMailId, setOpenMailId] = useState<number>();
  const filter = { ...(status ? { status } : {}), ...(text.trim() ? { text: text.trim() } : {}) };
  const list = useServerPaging<OutboxSortField>({ sortBy: 'CreatedAt', sortDirection: 'desc' }, filter);
  const query = useOutboxMails({ ...filter, ...list.request });

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
              onChange={(event) => setStatus(event.target.value as OutboxMailStatus | '')}
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
              onChange={(event) => setText(event.target.value)}
            />
          </Stack>
          <OutboxTable mails={answer.Mails} labelledBy={headingId} paging={list.paging(answer.Total)} canResend={answer.IsDeliveryConfigured} onOpen={setOpenMailId} />
          {openMailId !== undefined && <OutboxMailDialog mailId={openMailId} canResend={answer.IsDeliveryConfigured} onClose={() => setOpenMailId(undefined)} />}
        </>
      )}
    </ConsoleQueryCard>
  );
}

interface OutboxTableProps {
  mails: OutboxMail[];
  labelledBy: string;
  /** The server sorts and pages the outbox. */
  paging: ServerPaging<OutboxSortField>;
  canResend: boolean;
  onOpen: (mailId: number) => void;
}

function OutboxTable({ mails, labelledBy, paging, canResend, onOpen }: OutboxTableProps) {
  const { t, i18n } = useTranslation();
  const { mayAct, resend } = useResendMail();
  const columns: DataColumn<OutboxMail>[] = [
    { id: 'CreatedAt', header: t('admin_console.column_created'), sortable: true, cellSx: { whiteSpace: 'nowrap' }, cell: (mail) => formatDateTime(mail.CreatedAt, i18n.language) },
    { id: 'Recipient', header: t('admin_console.column_recipient'), sortable: true, cellSx: { wordBreak: 'break-all' }, cell: (mail) => mail.Recipient },
    { id: 'Subject', header: t('admin_console.column_subject'), sortable: true, isRowHeader: true, cell: (mail) => mail.Subject },
    {
      id: 'Status',
      header: t('admin_console.column_status'),
      sortable: true,
      cell: (mail) => (
        <>
          {t(`admin_console.mail_status.${mail.Status}`)}
          {mail.Error && (
            <Typography variant="body2" color="error" sx={{ wordBreak: 'break-word' }}>
              {mail.Error}
            </Typography>
          )}
        </>
      ),
    },
    {
      id: 'actions',
      header: t('admin_console.column_actions'),
      cell: (mail) => (
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
      ),
    },
  ];
  return (
    <DataTable
      tableId="admin-console-mail-outbox"
      rows={mails}
      columns={columns}
      rowKey={(mail) => mail.MailId}
      labelledBy={labelledBy}
      server={paging}
      empty={t('admin_console.outbox_empty')}
    />
  );
}
