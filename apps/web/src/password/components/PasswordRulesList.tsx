import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { mdiCheckCircle, mdiCloseCircleOutline } from '@mdi/js';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { PASSWORD_RULES, type PasswordRule } from '@cmp/contracts/identity';
import { MdiIcon } from '../../platform/ui/MdiIcon';
import { visuallyHidden } from '../../platform/ui/visuallyHidden';
import type { PasswordValidation } from '../hooks/usePasswordValidation';

/**
 * The password rules of spec §5, each shown met or not met for the text typed so far. The list is a
 * polite live region: a screen reader hears a rule when its state changes. The state is in the
 * icon and in words (WCAG 1.4.1), not in colour alone.
 */
export function PasswordRulesList({ validation }: { validation: PasswordValidation }) {
  const { t } = useTranslation();
  const headingId = useId();
  const isMet = (rule: PasswordRule) => validation.status !== 'empty' && !validation.unmetRules.includes(rule);

  return (
    <Box>
      <Typography id={headingId} variant="subtitle2" component="p">
        {t('password.rules_title')}
      </Typography>
      <Box component="ul" aria-labelledby={headingId} aria-live="polite" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {PASSWORD_RULES.map((rule) => {
          const met = isMet(rule);
          return (
            <Box component="li" key={rule} data-rule={rule} data-met={met} sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.25 }}>
              <MdiIcon path={met ? mdiCheckCircle : mdiCloseCircleOutline} fontSize="small" sx={{ color: met ? 'success.dark' : 'text.secondary' }} />
              <Typography variant="body2" component="span">
                {t(`password.rules.${rule}`, { count: validation.minLength })}
                <Box component="span" sx={visuallyHidden}>
                  {` – ${met ? t('password.rule_met') : t('password.rule_unmet')}`}
                </Box>
              </Typography>
            </Box>
          );
        })}
      </Box>
      {validation.status === 'error' && (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {validation.errorText ?? t('password.check_failed')}
        </Typography>
      )}
    </Box>
  );
}
