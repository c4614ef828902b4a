import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LIVE_MESSAGE_MAX_LENGTH, type LiveChannelStatus } from '@cmp/contracts/liveChannelAdmin';
import { showMessage } from '../../messages/messageStore';
import { useSessionUser } from '../../session/currentUser';
import { QueryCard } from '../../ui/QueryCard';
import { DataTable, type DataColumn } from '../../ui/table/DataTable';
import { LIVE_CHANNEL_STATUS_QUERY_KEY, announceMaintenance, cancelMaintenance, sendLiveMessage, useLiveChannelStatus } from '../api/liveChannelAdmin';

const MAX_MINUTES = 7 * 24 * 60;

/**
 * The admin console's live-notification section (issue 16, Administrative Read to see, Execute to
 * send): signed-in sessions per server node, the maintenance announcement — the platform owner's
 * only — and a message to the signed-in users of the caller's hierarchy.
 */
export function LiveChannelAdminSection() {
  const { t } = useTranslation();
  const query = useLiveChannelStatus();
  return (
    <QueryCard title={t('live_channel.admin_title')} intro={t('live_channel.admin_intro')} query={query}>
      {(status) => (
        <Stack spacing={3}>
          <NodeTable status={status} />
          <MaintenanceControls status={status} />
          <MessageForm />
        </Stack>
      )}
    </QueryCard>
  );
}

type LiveNode = LiveChannelStatus['Nodes'][number];

function NodeTable({ status }: { status: LiveChannelStatus }) {
  const { t } = useTranslation();
  const columns: DataColumn<LiveNode>[] = [
    { id: 'node', header: t('live_channel.node'), isRowHeader: true, sortValue: (node) => node.NodeId, cell: (node) => node.NodeId },
    { id: 'signedIn', header: t('live_channel.signed_in'), align: 'right', sortValue: (node) => node.SignedIn, cell: (node) => node.SignedIn },
  ];
  return (
    <DataTable
      tableId="live-channel-nodes"
      rows={status.Nodes}
      columns={columns}
      rowKey={(node) => node.NodeId}
      label={t('live_channel.nodes_caption')}
      initialSort={{ sortBy: 'node', sortDirection: 'asc' }}
      pageSizes={false}
      empty={t('live_channel.no_nodes')}
    />
  );
}

/** Maintenance stops the whole platform: only the platform owner (the company at the top of the tree) announces it. */
function MaintenanceControls({ status }: { status: LiveChannelStatus }) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [minutes, setMinutes] = useState('15');
  const [isBusy, setIsBusy] = useState(false);
  const isPlatformOwner = !!user && user.AccountPath.split('/').filter(Boolean)[0] === String(user.CompanyAccount.AccountId);
  if (!isPlatformOwner) return null;

  const minutesValue = Number(minutes);
  const isMinutesValid = Number.isInteger(minutesValue) && minutesValue >= 1 && minutesValue <= MAX_MINUTES;
  const run = (action: () => Promise<unknown>, doneKey: string) => {
    setIsBusy(true);
    action()
      .then(() => showMessage({ type: 'success', text: t(doneKey) }))
      .catch(() => undefined)
      .finally(() => {
        setIsBusy(false);
        void queryClient.invalidateQueries({ queryKey: LIVE_CHANNEL_STATUS_QUERY_KEY });
      });
  };
  const { Mode, SecondsLeft } = status.Maintenance;
  const state =
    Mode === 'Countdown'
      ? t('live_channel.status_countdown', { minutes: Math.ceil((SecondsLeft ?? 0) / 60) })
      : t(Mode === 'Soon' ? 'live_channel.status_soon' : 'live_channel.status_none');

  return (
    <Box component="section" aria-labelledby="live-maintenance-heading">
      <Typography id="live-maintenance-heading" variant="h6" component="h3" gutterBottom>
        {t('live_channel.title')}
      </Typography>
      <Typography sx={{ mb: 2 }}>{state}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('live_channel.minutes_label')}
          type="number"
          size="small"
          value={minutes}
          onChange={(event) => setMinutes(event.target.value)}
          error={!isMinutesValid}
          helperText={isMinutesValid ? ' ' : t('live_channel.minutes_invalid', { max: MAX_MINUTES })}
          slotProps={{ htmlInput: { min: 1, max: MAX_MINUTES } }}
          // Room for the label in every language ("Minutes until maintenance" and longer).
          sx={{ minWidth: 240 }}
        />
        <Button variant="contained" disabled={isBusy || !isMinutesValid} onClick={() => run(() => announceMaintenance(minutesValue * 60), 'live_channel.announced')}>
          {t('live_channel.announce_countdown')}
        </Button>
        <Button variant="outlined" disabled={isBusy} onClick={() => run(() => announceMaintenance(), 'live_channel.announced')}>
          {t('live_channel.announce_soon')}
        </Button>
        <Button variant="text" disabled={isBusy || Mode === 'None'} onClick={() => run(cancelMaintenance, 'live_channel.cancelled')}>
          {t('live_channel.cancel')}
        </Button>
      </Stack>
    </Box>
  );
}

function MessageForm() {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [isBusy, setIsBusy] = useState(false);
  const isValid = text.trim().length > 0 && text.length <= LIVE_MESSAGE_MAX_LENGTH;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!isValid) return;
    setIsBusy(true);
    sendLiveMessage(text.trim())
      .then(() => {
        setText('');
        showMessage({ type: 'success', text: t('live_channel.sent') });
      })
      .catch(() => undefined)
      .finally(() => setIsBusy(false));
  };
  return (
    <Box component="form" onSubmit={submit} noValidate>
      <TextField
        label={t('live_channel.message_label')}
        multiline
        minRows={2}
        fullWidth
        value={text}
        onChange={(event) => setText(event.target.value)}
        slotProps={{ htmlInput: { maxLength: LIVE_MESSAGE_MAX_LENGTH } }}
        helperText={`${text.length} / ${LIVE_MESSAGE_MAX_LENGTH}`}
      />
      <Button type="submit" variant="contained" disabled={isBusy || !isValid} sx={{ mt: 1 }}>
        {t('live_channel.send')}
      </Button>
    </Box>
  );
}
