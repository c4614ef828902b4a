import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ImportServicesResult } from '@cmp/contracts/catalog';
import { failureText } from '../../platform/api/failureText';
import { FormDialog } from '../../platform/ui/dialog/FormDialog';
import { DataTable, type DataColumn } from '../../platform/ui/table/DataTable';
import { importServices } from '../api/serviceManagementOperations';
import { fileToBase64 } from '../utils/serviceForm';

/** The largest file the server takes (its 1 MB body holds the file as base64). */
export const IMPORT_MAX_BYTES = 700 * 1024;

/** A refused row; the server's list may name one row and column twice, so rows are known by position. */
type ImportError = ImportServicesResult['Errors'][number] & { index: number };

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

  const errorColumns: DataColumn<ImportError>[] = [
    { id: 'row', header: t('catalog.import_column_row'), align: 'right', sortValue: (error) => error.Row, cell: (error) => error.Row },
    { id: 'column', header: t('catalog.import_column_column'), sortValue: (error) => error.Column, cell: (error) => error.Column },
    { id: 'message', header: t('catalog.import_column_message'), sortValue: (error) => error.Message, cell: (error) => error.Message },
  ];

  return (
    <FormDialog
      open={open}
      title={t('catalog.import_title')}
      maxWidth="md"
      serverError={phase.kind === 'failed' ? phase.message : undefined}
      isBusy={isBusy}
      isSubmitDisabled={!file}
      submitLabel={t('catalog.upload')}
      dismissLabel={phase.kind === 'done' ? t('common.close') : t('common.cancel')}
      onSubmit={() => void upload()}
      onClose={onClose}
    >
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
            <DataTable
              tableId="catalog-import-errors"
              rows={phase.result.Errors.map((error, index) => ({ ...error, index }))}
              columns={errorColumns}
              rowKey={(error) => error.index}
              label={t('catalog.import_errors_table')}
              empty={null}
            />
          </>
        )}
      </Stack>
    </FormDialog>
  );
}
