import { useCallback, useRef, useState, type ReactNode } from 'react';
import { ConfirmDialog } from './ConfirmDialog';

export interface ConfirmOptions {
  title: string;
  message: ReactNode;
  agreeLabel?: string;
  rejectLabel?: string;
  /** spec §4: agree closes the dialog unless auto-close is disabled; then the caller calls `close()` when done. */
  autoClose?: boolean;
}

interface DialogState {
  options: ConfirmOptions;
  isOpen: boolean;
  isAgreeing: boolean;
}

/**
 * spec §4 Confirm dialog as a promise: `if (await confirm({ title, message })) …`. It resolves true
 * on agree and false on reject or Esc. The screen renders `dialog` once.
 */
export function useConfirmDialog(): { confirm: (options: ConfirmOptions) => Promise<boolean>; close: () => void; dialog: ReactNode } {
  const [state, setState] = useState<DialogState>();
  const resolveRef = useRef<(agreed: boolean) => void>(undefined);

  const settle = useCallback((agreed: boolean) => {
    resolveRef.current?.(agreed);
    resolveRef.current = undefined;
  }, []);

  const confirm = useCallback(
    (options: ConfirmOptions) => {
      settle(false);
      setState({ options, isOpen: true, isAgreeing: false });
      return new Promise<boolean>((resolve) => {
        resolveRef.current = resolve;
      });
    },
    [settle],
  );

  // The options stay in place while the dialog fades out.
  const close = useCallback(() => setState((current) => current && { ...current, isOpen: false, isAgreeing: false }), []);

  const agree = () => {
    settle(true);
    if (state?.options.autoClose === false) setState({ ...state, isAgreeing: true });
    else close();
  };
  const reject = () => {
    settle(false);
    close();
  };

  const dialog = state ? (
    <ConfirmDialog
      open={state.isOpen}
      title={state.options.title}
      message={state.options.message}
      agreeLabel={state.options.agreeLabel}
      rejectLabel={state.options.rejectLabel}
      isAgreeing={state.isAgreeing}
      onAgree={agree}
      onReject={reject}
    />
  ) : null;

  return { confirm, close, dialog };
}
