import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import Typography from '@mui/material/Typography';
import { ConfirmDialog } from './ConfirmDialog';

/** spec §9 "Confirm dialog width … 450 for unsaved changes". */
export const UNSAVED_CHANGES_DIALOG_WIDTH = 450;

interface InstalledGuard {
  id: symbol;
  onClick: (event: MouseEvent) => void;
}

// spec §4 "Only one listener can be installed": a newer guard replaces the one before it.
let installed: InstalledGuard | undefined;

interface UnsavedChangesGuardOptions {
  /** Whether the form holds changes: a value of this render, or a check made at each click. */
  hasUnsavedChanges: boolean | (() => boolean);
  /**
   * Whether the guard may be installed (default yes). Given a value, the guard is installed only
   * while it is true, so a page of several forms holds one guard: the form with changes (spec §4
   * "Only one listener can be installed").
   */
  isActive?: boolean;
}

/**
 * spec §4 Unsaved-changes guard: while active and the form reports unsaved changes, a click outside
 * the form is stopped and a dialog offers "continue editing" or "discard changes"; discarding
 * replays the click that was stopped. Put `formRef` on the form: clicks inside it are never stopped.
 */
export function useUnsavedChangesGuard({ hasUnsavedChanges, isActive: mayBeActive = true }: UnsavedChangesGuardOptions): {
  dialog: ReactNode;
  formRef: RefObject<HTMLFormElement | null>;
} {
  const excludedRef = useRef<HTMLFormElement>(null);
  const isActive = mayBeActive && (typeof hasUnsavedChanges === 'function' || hasUnsavedChanges);
  const [stoppedTarget, setStoppedTarget] = useState<HTMLElement>();
  const isReplaying = useRef(false);
  const isAsking = useRef(false);
  isAsking.current = stoppedTarget !== undefined;
  const check = useRef(hasUnsavedChanges);
  check.current = hasUnsavedChanges;
  const isChanged = () => (typeof check.current === 'function' ? check.current() : check.current);

  useEffect(() => {
    if (!isActive) return undefined;
    const guard: InstalledGuard = {
      id: Symbol('unsaved-changes-guard'),
      onClick(event) {
        const target = event.target as HTMLElement | null;
        if (isReplaying.current || isAsking.current || !target || !isChanged()) return;
        if (excludedRef.current?.contains(target)) return;
        event.preventDefault();
        event.stopPropagation();
        setStoppedTarget(target);
      },
    };
    if (installed) document.removeEventListener('click', installed.onClick, true);
    installed = guard;
    document.addEventListener('click', guard.onClick, true);
    return () => {
      document.removeEventListener('click', guard.onClick, true);
      if (installed?.id === guard.id) installed = undefined;
    };
  }, [isActive]);

  const discard = () => {
    const target = stoppedTarget;
    setStoppedTarget(undefined);
    if (!target) return;
    isReplaying.current = true;
    try {
      target.click();
    } finally {
      isReplaying.current = false;
    }
  };

  const dialog = <UnsavedChangesDialog open={stoppedTarget !== undefined} onContinue={() => setStoppedTarget(undefined)} onDiscard={discard} />;
  return { dialog, formRef: excludedRef };
}

/** spec §4 "Unsaved changes": continue editing, or discard the changes and go on (450 wide). */
export function UnsavedChangesDialog({ open, onContinue, onDiscard }: { open: boolean; onContinue: () => void; onDiscard: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={open}
      title={t('unsaved_changes.title')}
      width={UNSAVED_CHANGES_DIALOG_WIDTH}
      message={
        <>
          <Typography gutterBottom>{t('unsaved_changes.body_1')}</Typography>
          <Typography>{t('unsaved_changes.body_2')}</Typography>
        </>
      }
      rejectLabel={t('unsaved_changes.continue_editing')}
      agreeLabel={t('unsaved_changes.discard_changes')}
      onReject={onContinue}
      onAgree={onDiscard}
    />
  );
}
