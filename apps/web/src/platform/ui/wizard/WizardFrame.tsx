import { useEffect, useRef, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { WizardStepper, type WizardStepItem } from './WizardStepper';

/** The button that goes on: "Next", "Show overview", or the last step's confirming one. */
export interface WizardForwardButton {
  label: string;
  onClick: () => void;
  isLoading?: boolean;
  isDisabled?: boolean;
}

interface WizardFrameProps {
  /** The stepper's accessible name ("Steps of the order"). */
  stepsLabel: string;
  steps: WizardStepItem[];
  step: number;
  /** The last step whose choices still stand: steps up to it can be gone to, back and forward again. */
  lastOpenStep: number;
  onGo: (step: number) => void;
  /** The step's heading ("Step 2 of 4: …"), which names the section. */
  heading: string;
  /** The heading's id, for lists inside the step that it names as well. */
  headingId: string;
  /** A warning above the buttons (e.g. the price changed since the overview was shown). */
  notice?: string;
  error?: string;
  isBusy: boolean;
  backLabel: string;
  forward: WizardForwardButton;
  children: ReactNode;
}

/**
 * The frame of a wizard (the order wizard, the upgrade wizard): the stepper, the current step in a
 * section named by its heading, the wizard's notice and error, and back / forward buttons.
 */
export function WizardFrame({ stepsLabel, steps, step, lastOpenStep, onGo, heading, headingId, notice, error, isBusy, backLabel, forward, children }: WizardFrameProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Each new step takes the focus to its heading, so keyboard and screen-reader users start reading
  // there; the page as first shown keeps the browser's focus.
  const isFirstStep = useRef(true);
  useEffect(() => {
    if (isFirstStep.current) {
      isFirstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  return (
    <Stack spacing={3}>
      <WizardStepper label={stepsLabel} steps={steps} step={step} lastOpenStep={lastOpenStep} onGo={onGo} />
      <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: 3 }}>
        <Typography ref={headingRef} id={headingId} tabIndex={-1} variant="h5" component="h2" sx={{ mb: 2, outline: 'none' }}>
          {heading}
        </Typography>
        {children}
        {notice && (
          <Alert severity="warning" role="alert" sx={{ mt: 2 }}>
            {notice}
          </Alert>
        )}
        {error && (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
        <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
          {step > 0 && (
            <Button variant="outlined" onClick={() => onGo(step - 1)} disabled={isBusy}>
              {backLabel}
            </Button>
          )}
          <Button variant="contained" onClick={forward.onClick} loading={forward.isLoading} disabled={forward.isDisabled}>
            {forward.label}
          </Button>
        </Box>
      </Paper>
    </Stack>
  );
}
