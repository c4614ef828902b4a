import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiDeleteOutline, mdiFileDocumentOutline, mdiPaperclip } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { MAX_ATTACHMENT_BYTES, attachmentExtension } from '@cmp/contracts/customCharges';
import type { OrderAttachment } from '@cmp/contracts/orderAttachments';
import { failureText } from '../../platform/api/failureText';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { saveDownload } from '../../platform/files/saveDownload';
import { showMessage } from '../../platform/messages/messageStore';
import { LoadingIndicator } from '../../platform/ui/LoadingIndicator';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { useConfirmDialog } from '../../platform/ui/useConfirmDialog';
import { ATTACHMENT_ACCEPT } from '../../platform/files/attachmentFile';
import { formatFileSize } from '../../platform/files/formatFileSize';
import { addOrderAttachment, deleteOrderAttachment, downloadOrderAttachment, orderAttachmentsQueryKey, useOrderAttachments } from '../api/orderAttachmentsApi';

interface OrderAttachmentsProps {
  orderId: number;
  /** The heading level the section fits under (h3 in the details dialog). */
  headingComponent?: 'h2' | 'h3';
}

/**
 * The files attached to an order (issue 14; spec §5 "Order attachments: doc, docx, xls, xlsx, pdf"):
 * each downloads on click; while the order is Pending its orderer or an Account Manager adds files
 * (type and size checked here first, the server checks them again with their content) and deletes
 * them after a confirmation.
 */
export function OrderAttachments({ orderId, headingComponent = 'h3' }: OrderAttachmentsProps) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const headingId = useId();
  const helpId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const queryClient = useQueryClient();
  const query = useOrderAttachments(orderId);
  const { confirm, dialog } = useConfirmDialog();
  const [problem, setProblem] = useState<string>();
  const [uploading, setUploading] = useState<string>();
  const limit = formatFileSize(MAX_ATTACHMENT_BYTES, locale);
  const list = query.data;
  const isFull = list !== undefined && list.Attachments.length >= list.MaxAttachments;
  const refresh = () => queryClient.invalidateQueries({ queryKey: orderAttachmentsQueryKey(orderId) });

  const upload = async (file: File) => {
    setProblem(undefined);
    if (attachmentExtension(file.name) === undefined) return setProblem(t('orders.attachments.wrong_type', { name: file.name }));
    if (file.size > MAX_ATTACHMENT_BYTES) return setProblem(t('orders.attachments.too_large', { name: file.name, size: formatFileSize(file.size, locale), limit }));
    setUploading(file.name);
    try {
      const { Attachment } = await addOrderAttachment(orderId, file);
      showMessage({ type: 'success', text: t('orders.attachments.added', { name: Attachment.FileName }) });
    } catch (failure) {
      setProblem(failureText(failure));
    } finally {
      setUploading(undefined);
      await refresh();
    }
  };

  const download = async (attachment: OrderAttachment) => {
    setProblem(undefined);
    try {
      saveDownload(await downloadOrderAttachment(attachment.AttachmentId));
    } catch (failure) {
      setProblem(failureText(failure));
    }
  };

  const remove = async (attachment: OrderAttachment) => {
    setProblem(undefined);
    const isConfirmed = await confirm({
      title: t('orders.attachments.delete_title'),
      message: t('orders.attachments.delete_message', { name: attachment.FileName, id: orderId }),
      agreeLabel: t('orders.attachments.delete'),
    });
    if (!isConfirmed) return;
    try {
      await deleteOrderAttachment(attachment.AttachmentId);
      showMessage({ type: 'success', text: t('orders.attachments.deleted', { name: attachment.FileName }) });
    } catch (failure) {
      setProblem(failureText(failure));
    }
    await refresh();
  };

  return (
    <Box component="section" aria-labelledby={headingId} sx={{ mt: 3 }}>
      <Typography id={headingId} variant="subtitle1" component={headingComponent} sx={{ mb: 1 }}>
        {t('orders.attachments.title')}
      </Typography>
      {query.isPending && <LoadingIndicator />}
      {query.isError && <Alert severity="error">{failureText(query.error)}</Alert>}
      {list && list.Attachments.length === 0 && (
        <Typography variant="body2" role="status">
          {t('orders.attachments.empty')}
        </Typography>
      )}
      {list && list.Attachments.length > 0 && (
        <List dense aria-labelledby={headingId} disablePadding>
          {list.Attachments.map((attachment) => (
            <ListItem
              key={attachment.AttachmentId}
              disableGutters
              secondaryAction={
                list.CanEdit && (
                  <Tooltip title={t('orders.attachments.delete')}>
                    <IconButton edge="end" onClick={() => void remove(attachment)} aria-label={t('orders.attachments.delete_named', { name: attachment.FileName })}>
                      <MdiIcon path={mdiDeleteOutline} />
                    </IconButton>
                  </Tooltip>
                )
              }
            >
              <ListItemIcon sx={{ minWidth: 36 }}>
                <MdiIcon path={mdiFileDocumentOutline} />
              </ListItemIcon>
              <ListItemText
                primary={
                  <Link component="button" type="button" variant="body2" onClick={() => void download(attachment)} aria-label={t('orders.attachments.download_named', { name: attachment.FileName })} sx={{ textAlign: 'left', overflowWrap: 'anywhere' }}>
                    {attachment.FileName}
                  </Link>
                }
                secondary={t('orders.attachments.details', { size: formatFileSize(attachment.SizeBytes, locale), name: attachment.CreatedByName, time: formatDateTime(attachment.CreatedAt, locale) })}
              />
            </ListItem>
          ))}
        </List>
      )}
      {list?.CanEdit && (
        <Stack spacing={1} sx={{ mt: 1, alignItems: 'flex-start' }}>
          <Button variant="outlined" startIcon={<MdiIcon path={mdiPaperclip} />} onClick={() => inputRef.current?.click()} disabled={isFull || uploading !== undefined} aria-describedby={helpId}>
            {t('orders.attachments.add')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={ATTACHMENT_ACCEPT}
            aria-label={t('orders.attachments.add')}
            data-testid="order-attachment-input"
            onChange={(event) => {
              const file = event.target.files?.[0];
              // The same file picked again must fire a change too.
              event.target.value = '';
              if (file) void upload(file);
            }}
          />
          <Typography id={helpId} variant="caption" color="text.secondary">
            {isFull ? t('orders.attachments.full', { max: list.MaxAttachments }) : t('orders.attachments.help', { limit, max: list.MaxAttachments })}
          </Typography>
        </Stack>
      )}
      {uploading && (
        <Typography variant="body2" role="status" sx={{ mt: 1 }}>
          {t('orders.attachments.uploading', { name: uploading })}
        </Typography>
      )}
      {problem && (
        <Alert severity="error" role="alert" sx={{ mt: 1 }}>
          {problem}
        </Alert>
      )}
      {dialog}
    </Box>
  );
}
