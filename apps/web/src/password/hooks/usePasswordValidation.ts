import { useEffect, useState } from 'react';
import { PASSWORD_RULES, type PasswordRule, type ValidateUserPasswordResponse } from '@cmp/contracts/identity';
import { failureText } from '../../platform/api/failureText';
import { validateUserPassword } from '../api/passwordOperations';

/** spec §5 "Password: minimum 12 characters", shown until the server has answered with its own minimum. */
export const DEFAULT_MIN_PASSWORD_LENGTH = 12;
/** Checks wait until the user pauses typing (the portal's debounce, spec §7/§9 300 ms). */
export const PASSWORD_CHECK_DEBOUNCE_MS = 300;

export interface PasswordValidation {
  /** empty: nothing typed; checking: waiting for the server; checked: the answer is for the current text. */
  status: 'empty' | 'checking' | 'checked' | 'error';
  unmetRules: readonly PasswordRule[];
  minLength: number;
  /** True only when the server accepted exactly the text now in the field. */
  isValid: boolean;
  errorText?: string;
}

interface CheckResult {
  password: string;
  response?: ValidateUserPasswordResponse;
  errorText?: string;
}

/**
 * The live password rules (spec §5 "Password and unique-field checks are server calls"): the text is
 * sent 300 ms after the last keystroke and a newer check cancels the one in flight. The password
 * stays in this component's state; it is never cached.
 */
export function usePasswordValidation(password: string, context: { username?: string; token?: string } = {}): PasswordValidation {
  const { username, token } = context;
  const [result, setResult] = useState<CheckResult>();
  const [lastResponse, setLastResponse] = useState<ValidateUserPasswordResponse>();

  useEffect(() => {
    if (!password) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      validateUserPassword({ password, username, token }, controller.signal).then(
        (response) => {
          setResult({ password, response });
          setLastResponse(response);
        },
        (failure: unknown) => {
          if (!controller.signal.aborted) setResult({ password, errorText: failureText(failure) });
        },
      );
    }, PASSWORD_CHECK_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [password, username, token]);

  const minLength = lastResponse?.MinLength ?? DEFAULT_MIN_PASSWORD_LENGTH;
  if (!password) return { status: 'empty', unmetRules: ALL_RULES_UNMET, minLength, isValid: false };
  if (result?.password !== password) {
    // Until the answer for the new text arrives, the last answer stays on screen (no flicker).
    return { status: 'checking', unmetRules: lastResponse?.UnmetRules ?? ALL_RULES_UNMET, minLength, isValid: false };
  }
  if (!result.response) return { status: 'error', unmetRules: lastResponse?.UnmetRules ?? ALL_RULES_UNMET, minLength, isValid: false, errorText: result.errorText };
  return { status: 'checked', unmetRules: result.response.UnmetRules, minLength, isValid: result.response.IsValid };
}

const ALL_RULES_UNMET: readonly PasswordRule[] = PASSWORD_RULES;
