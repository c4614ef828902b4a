import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { mdiCheckCircle, mdiFilePdfBox } from '@mdi/js';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import type { ConfirmedTerm } from '@cmp/contracts/terms';
import { formatDateTime } from '../../platform/dates/formatDateTime';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import { CONFIRMED_TERMS_QUERY_KEY, acceptTerms } from '../api/confirmedTermsOperations';
import { termsDocument } from '../utils/termsDocument';

/** One term: its text in a sandboxed frame, its PDF, and the accept button or the confirmation (spec §4 Terms). */
export function TermPanel({ term }: { term: ConfirmedTerm }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [isAccepting, setIsAccepting] = useState(false);

  const accept = async () => {
    setIsAccepting(true);
    try {
      await acceptTerms(term.Id);
      // spec §4 "unaccepted becomes accepted after the call succeeds".
      queryClient.setQueryData<ConfirmedTerm[]>(CONFIRMED_TERMS_QUERY_KEY, (terms) =>
        terms?.map((other) => (other.Id === term.Id ? { ...other, IsAccepted: true, AcceptedAt: new Date().toISOString() } : other)),
      );
      await queryClient.invalidateQueries({ queryKey: CONFIRMED_TERMS_QUERY_KEY });
    } catch {
      // The API client shows the error toast; the button stays for another try.
    } finally {
      setIsAccepting(false);
    }
  };

  return (
    <>
      {/* spec §2: the owner's HTML runs in a frame that allows popups only (no scripts, no same origin). */}
      <Box
        component="iframe"
        title={t('terms.frame_title', { name: term.Name })}
        sandbox="allow-popups"
        srcDoc={termsDocument(term)}
        sx={{ flex: 1, minHeight: 200, width: '100%', border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'background.paper' }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 2, pt: 2 }}>
        {term.PathToTermsPdf && (
          <Link href={term.PathToTermsPdf} target="_blank" rel="noopener noreferrer" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <MdiIcon path={mdiFilePdfBox} fontSize="small" />
            {t('terms.download_pdf')}
            <Box component="span" sx={visuallyHidden}>
              {` ${t('common.opens_in_new_tab')}`}
            </Box>
          </Link>
        )}
        <Box sx={{ flex: 1 }} />
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          {term.IsAccepted && (
            <>
              <MdiIcon path={mdiCheckCircle} color="success" />
              <Typography>
                {term.AcceptedAt ? t('terms.accepted_on', { date: formatDateTime(term.AcceptedAt, i18n.language) }) : t('terms.accepted')}
              </Typography>
            </>
          )}
        </Box>
        {!term.IsAccepted && (
          <Button variant="contained" onClick={accept} loading={isAccepting}>
            {t('terms.accept')}
          </Button>
        )}
      </Box>
    </>
  );
}
