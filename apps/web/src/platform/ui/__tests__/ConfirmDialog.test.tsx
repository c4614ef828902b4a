import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { useConfirmDialog, type ConfirmOptions } from '../useConfirmDialog';

/** A screen that asks before it acts, and shows what the answer was. */
function AskingScreen(options: Partial<ConfirmOptions>) {
  const { confirm, close, dialog } = useConfirmDialog();
  const [answer, setAnswer] = useState('none');
  const ask = async () => {
    const agreed = await confirm({ title: 'Delete method', message: 'Do you want to delete “Phone”?', ...options });
    setAnswer(String(agreed));
  };
  return (
    <>
      <button type="button" onClick={() => void ask()}>
        Ask
      </button>
      <button type="button" onClick={close}>
        Done
      </button>
      <output data-testid="answer">{answer}</output>
      {dialog}
    </>
  );
}

const answer = () => screen.getByTestId('answer').textContent;

describe('ConfirmDialog (spec §4 Confirm dialog, §8 default buttons)', () => {
  it('shows the title and message with the buttons "No" and "Yes, do it", 400 wide', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AskingScreen />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Delete method' });
    expect(dialog).toHaveAccessibleDescription('Do you want to delete “Phone”?');
    expect(screen.getByRole('button', { name: 'No' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Yes, do it' })).toHaveFocus();
    expect(dialog).toHaveStyle({ width: '400px' });
  });

  it('resolves true on "Yes, do it" and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AskingScreen />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, do it' }));

    await waitFor(() => expect(answer()).toBe('true'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('resolves false on Esc and on "No", and closes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AskingScreen />);

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(answer()).toBe('false'));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'No' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(answer()).toBe('false');
  });

  it('does not close on a click outside', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AskingScreen />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await screen.findByRole('alertdialog');

    const backdrop = document.querySelector('.MuiBackdrop-root');
    expect(backdrop).not.toBeNull();
    fireEvent.mouseDown(backdrop as Element);
    fireEvent.click(backdrop as Element);

    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    expect(answer()).toBe('none');
  });

  it('stays open after "Yes, do it" when auto-close is off, until the caller closes it', async () => {
    const user = userEvent.setup();
    renderWithProviders(<AskingScreen autoClose={false} />);
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, do it' }));

    await waitFor(() => expect(answer()).toBe('true'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Done', hidden: true }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });
});
