import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { installFakeFetch } from '../../../test/fakeFetch';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useNewPasswordForm } from '../../hooks/useNewPasswordForm';
import type { PasswordValidation } from '../../hooks/usePasswordValidation';
import { NewPasswordFields } from '../NewPasswordFields';
import { PasswordRulesList } from '../PasswordRulesList';

const RULE_TEXTS = [
  'At least 12 characters',
  'At least one number',
  'At least one special character',
  'At least one uppercase letter',
  'At least one lowercase letter',
  'Not one of your last 10 passwords',
  'Not a commonly used or breached password',
  "Does not contain your name or your company's name",
];

const ruleItem = (text: string) => within(screen.getByRole('list', { name: 'Your password must meet these rules:' })).getByText(text).closest('li') as HTMLElement;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PasswordRulesList (spec §5 password rules)', () => {
  it('lists every rule and says in words whether it is met', () => {
    const validation: PasswordValidation = { status: 'checked', unmetRules: ['digit', 'history'], minLength: 14, isValid: false };
    renderWithProviders(<PasswordRulesList validation={validation} />);

    const list = screen.getByRole('list', { name: 'Your password must meet these rules:' });
    expect(list).toHaveAttribute('aria-live', 'polite');
    expect(within(list).getAllByRole('listitem')).toHaveLength(8);
    expect(within(list).getByText('At least 14 characters').closest('li')).toHaveTextContent('At least 14 characters – met');
    expect(within(list).getByText('At least one number').closest('li')).toHaveTextContent('At least one number – not met');
    expect(within(list).getByText('Not one of your last 10 passwords').closest('li')).toHaveTextContent('– not met');
    expect(within(list).getByText('At least one uppercase letter').closest('li')).toHaveTextContent('– met');
  });

  it('shows every rule unmet while nothing is typed', () => {
    renderWithProviders(<PasswordRulesList validation={{ status: 'empty', unmetRules: [], minLength: 12, isValid: false }} />);
    for (const text of RULE_TEXTS) expect(ruleItem(text)).toHaveTextContent('– not met');
  });

  it('checks the typed password with the server after a pause and updates each rule', async () => {
    const fetch = installFakeFetch((_url, init) => {
      const { password } = JSON.parse(String(init.body)) as { password: string };
      const unmet = [...(password.length < 12 ? ['min_length'] : []), ...(/\d/.test(password) ? [] : ['digit'])];
      return { body: { IsValid: unmet.length === 0, UnmetRules: unmet, MinLength: 12 } };
    });
    function Form() {
      return <NewPasswordFields form={useNewPasswordForm({ username: 'ada', token: 'tok' })} />;
    }
    const user = userEvent.setup();
    renderWithProviders(<Form />);

    await user.type(screen.getByLabelText('New password'), 'short');
    await waitFor(() => expect(ruleItem('At least one uppercase letter')).toHaveTextContent('– met'));
    expect(ruleItem('At least 12 characters')).toHaveTextContent('– not met');
    expect(ruleItem('At least one number')).toHaveTextContent('– not met');

    await user.type(screen.getByLabelText('New password'), 'AndLonger-2024');
    await waitFor(() => expect(ruleItem('At least one number')).toHaveTextContent('– met'));
    expect(ruleItem('At least 12 characters')).toHaveTextContent('– met');

    // Debounced: not one call per keystroke; the reset context goes along.
    expect(fetch.mock.calls.length).toBeLessThan(5);
    const lastBody = JSON.parse(String(fetch.mock.calls.at(-1)?.[1]?.body));
    expect(lastBody).toEqual({ password: 'shortAndLonger-2024', username: 'ada', token: 'tok' });
    expect(String(fetch.mock.calls[0][0])).toBe('/DataModel/service.svc/rest/IAccountService/ValidateUserPassword');
  });

  it('says "Passwords do not match" under the confirmation while they differ', async () => {
    installFakeFetch(() => ({ body: { IsValid: true, UnmetRules: [], MinLength: 12 } }));
    function Form() {
      return <NewPasswordFields form={useNewPasswordForm()} />;
    }
    const user = userEvent.setup();
    renderWithProviders(<Form />);

    await user.type(screen.getByLabelText('New password'), 'Correct-Horse-42');
    await user.type(screen.getByLabelText('Confirm password'), 'Correct-Horse-4');
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription('Passwords do not match');
    await user.type(screen.getByLabelText('Confirm password'), '2');
    expect(screen.queryByText('Passwords do not match')).not.toBeInTheDocument();
  });
});
