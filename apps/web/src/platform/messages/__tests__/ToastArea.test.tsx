import { afterEach, describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { messageStore, showMessage } from '../messageStore';
import { ToastArea } from '../ToastArea';

afterEach(() => {
  act(() => messageStore.getSnapshot().forEach((message) => messageStore.remove(message.id)));
});

describe('ToastArea', () => {
  it('announces an error as an alert and a success as a status, and closes a message on request', async () => {
    render(<ToastArea />);
    act(() => {
      showMessage({ type: 'error', text: 'Unable to save changes' });
      showMessage({ type: 'success', text: 'Saved', closeDelay: 0 });
    });

    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to save changes');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();

    await userEvent.click(screen.getAllByRole('button', { name: 'Close' })[0]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('offers no close button on a message that cannot be closed', async () => {
    render(<ToastArea />);
    act(() => void showMessage({ type: 'warning', text: 'Maintenance in 5 minutes', isClosable: false }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Maintenance in 5 minutes');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
