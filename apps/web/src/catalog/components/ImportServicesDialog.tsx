import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiUpload } from '@mdi/js';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ImportServicesResult } from '@cmp/contracts/catalog';
import { failureText } from '../../platform/api/failureText';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { importServices } from '../api/serviceManagementOperations';
import { fileToBase64 } from '../utils/serviceForm';

/** The largest file the server takes (its 1 MB body holds the file as base64). */
export const IMPORT_MAX_BYTES = 700 * 1024;

type Phase = { kind: 'choose' } | { kind: 'reading' } | { kind: 'uploading' } | { kind: 'failed'; message: string } | { kind: 'done'; result: ImportServicesResult };

interface ImportServicesDialogProps {
  open: boolean;
  onClose: () => void;
  /** Called after a successful import, so the list reloads. */
  onImported: () => void;
}

/** Excel import of My services: choose the file, upload with progress, then the summary or every refused row. */
export function ImportServicesDialog({ open, onClose, onImported }: ImportServicesDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [phase, setPhase] = useState<Phase>({ kind: 'choose' });
  useEffect(() => {
    if (!open) return;
    setFile(undefined);
    setPhase({ kind: 'choose' });
  }, [open]);
  const isBusy = phase.kind === 'reading' || phase.kind === 'uploading';

  const upload = async () => {
    if (!file) return;
    if (file.size > IMPORT_MAX_BYTES) {
      setPhase({ kind: 'failed', message: t('catalog.import_too_large', { max: Math.round(IMPORT_MAX_BYTES / 1024) }) });
      return;
    }
    setPhase({ kind: 'reading' });
    try {
      const base64 = await fileToBase64(file);
      setPhase({ kind: 'uploading' });
      const result = await importServices(file.name, base64);
      setPhase({ kind: 'done', result });
      if (result.Imported) onImported();
    } catch (error) {
      setPhase({ kind: 'failed', message: failureText(error) });
    }
  };

  return (
    <Dialog
      open={open}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="md"
      onClose={(_event, reason) => {
        if (!isBusy && reason !== 'backdropClick') onClose();
      }}
    >
      <DialogTitle id={titleId}>{t('catalog.import_title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography color="text.secondary">{t('catalog.import_intro')}</Typography>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              hidden
              onChange={(event) => {
                setFile(event.target.files?.[0]);
                setPhase({ kind: 'choose' });
              }}
            />
            <Button variant="outlined" disabled={isBusy} onClick={() => inputRef.current?.click()}>
              {t('catalog.choose_file')}
            </Button>
            <Typography aria-live="polite">{file ? file.name : t('catalog.no_file_chosen')}</Typography>
          </Stack>
          {isBusy && (
            <Stack spacing={1}>
              <Typography role="status">{phase.kind === 'reading' ? t('catalog.import_reading') : t('catalog.import_uploading')}</Typography>
              <LinearProgress aria-label={t('catalog.import_progress')} variant={phase.kind === 'reading' ? 'determinate' : 'indeterminate'} value={phase.kind === 'reading' ? 30 : undefined} />
            </Stack>
          )}
          {phase.kind === 'failed' && (
            <Alert severity="error" role="alert">
              {phase.message}
            </Alert>
          )}
          {phase.kind === 'done' && phase.result.Imported && (
            <Alert severity="success" role="status">
              {t('catalog.import_done', { read: phase.result.RowsRead, changed: phase.result.RowsChanged })}
            </Alert>
          )}
          {phase.kind === 'done' && !phase.result.Imported && (
            <>
              <Alert severity="error" role="alert">
                {t('catalog.import_refused', { errors: phase.result.Errors.length })}
              </Alert>
              <TableContainer sx={{ maxHeight: 320 }}>
                <Table size="small" stickyHeader aria-label={t('catalog.import_errors_table')}>
                  <TableHead>
                    <TableRow>
                      <TableCell align="right">{t('catalog.import_column_row')}</TableCell>
                      <TableCell>{t('catalog.import_column_column')}</TableCell>
                      <TableCell>{t('catalog.import_column_message')}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {phase.result.Errors.map((error, index) => (
                      <TableRow key={`${error.Row}-${error.Column}-${index}`}>
                        <TableCell align="right">{error.Row}</TableCell>
                        <TableCell>{error.Column}</TableCell>
                        <TableCell>{error.Message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </TableContainer>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {phase.kind === 'done' ? t('common.close') : t('common.cancel')}
        </Button>
        <Button variant="contained" startIcon={<MdiIcon path={mdiUpload} />} disabled={!file || isBusy} loading={isBusy} onClick={() => void upload()}>
          {t('catalog.upload')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
