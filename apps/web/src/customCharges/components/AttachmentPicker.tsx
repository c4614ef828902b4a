import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiPaperclip } from '@mdi/js';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { MAX_ATTACHMENT_BYTES } from '@cmp/contracts/customCharges';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { ATTACHMENT_ACCEPT } from '../../platform/files/attachmentFile';
import { formatFileSize } from '../../platform/files/formatFileSize';

interface AttachmentPickerProps {
  file: File | null;
  onChange: (file: File | null) => void;
  /** What is wrong with the file, in the user's language. */
  problem: string | undefined;
}

/**
 * The optional attachment of a charge: a button opens the browser's file picker, limited to the
 * allowed types (doc, docx, xls, xlsx, pdf); the helper text states the types and the size limit.
 */
export function AttachmentPicker({ file, onChange, problem }: AttachmentPickerProps) {
  const { t, i18n } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const helpId = useId();
  const labelId = useId();
  const limit = formatFileSize(MAX_ATTACHMENT_BYTES, i18n.language);
  return (
    <div>
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {t('custom_charges.fields.Attachment')}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="outlined" startIcon={<MdiIcon path={mdiPaperclip} />} onClick={() => inputRef.current?.click()} aria-describedby={helpId}>
          {file ? t('custom_charges.replace_file') : t('custom_charges.choose_file')}
        </Button>
        {file && (
          <>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }} data-testid="chosen-attachment">
              {t('custom_charges.chosen_file', { name: file.name, size: formatFileSize(file.size, i18n.language) })}
            </Typography>
            <Button size="small" onClick={() => onChange(null)} aria-label={t('custom_charges.remove_file', { name: file.name })}>
              {t('custom_charges.remove')}
            </Button>
          </>
        )}
      </Stack>
      <input
        ref={inputRef}
        type="file"
        hidden
        accept={ATTACHMENT_ACCEPT}
        aria-labelledby={labelId}
        onChange={(event) => {
          onChange(event.target.files?.[0] ?? null);
          // The same file picked again after "Remove" must fire a change too.
          event.target.value = '';
        }}
      />
      <FormHelperText id={helpId} error={problem !== undefined} role={problem ? 'alert' : undefined}>
        {problem ?? t('custom_charges.help.Attachment', { limit })}
      </FormHelperText>
    </div>
  );
}
