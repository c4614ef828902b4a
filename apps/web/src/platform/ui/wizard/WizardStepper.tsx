import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { StepNumberIcon } from './StepNumberIcon';

export interface WizardStepItem {
  key: string;
  label: string;
  /** What was chosen in the step (shown under its name once the step lies behind). */
  summary?: string;
}

interface WizardStepperProps {
  /** The stepper's accessible name ("Steps of the order"). */
  label: string;
  steps: WizardStepItem[];
  step: number;
  /** The last step whose choices still stand: steps up to it can be gone to, back and forward again. */
  lastOpenStep: number;
  onGo: (step: number) => void;
}

/**
 * The steps of a wizard (the order wizard, the upgrade wizard): every step is a button (MUI makes the
 * stepper a tab list then): the current one is selected, those whose choices stand can be gone to,
 * the ones not reachable yet are disabled.
 */
export function WizardStepper({ label, steps, step, lastOpenStep, onGo }: WizardStepperProps) {
  return (
    <Stepper activeStep={step} aria-label={label} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
      {steps.map(({ key, label: name, summary }, index) => (
        <Step key={key} completed={index !== step && index < lastOpenStep} disabled={index !== step && index > lastOpenStep}>
          <StepButton onClick={index !== step && index <= lastOpenStep ? () => onGo(index) : undefined} optional={summary && index < lastOpenStep ? <Typography variant="caption">{summary}</Typography> : undefined}>
            <StepLabel slots={{ stepIcon: StepNumberIcon }}>{name}</StepLabel>
          </StepButton>
        </Step>
      ))}
    </Stepper>
  );
}
