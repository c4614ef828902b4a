import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useUnsavedChangesGuard } from '../useUnsavedChangesGuard';

/** A form that reports its state by a check asked at each click or, with `asValue`, as a value of the render. */
function GuardedForm({ onLeave, label = 'Name', asValue = false }: { onLeave: () => void; label?: string; asValue?: boolean }) {
  const [value, setValue] = useState('');
  const { dialog, formRef } = useUnsavedChangesGuard({ hasUnsavedChanges: asValue ? value !== '' : () => value !== '' });
  return (
    <>
      <form ref={formRef}>
        <label>
          {label}
          <input value={value} onChange={(e) => setValue(e.target.value)} />
        </label>
      </form>
      <button type="button" onClick={onLeave}>
        Leave {label}
      </button>
      {dialog}
    </>
  );
}

describe('useUnsavedChangesGuard (spec §4)', () => {
  it('lets clicks through while nothing is changed', async () => {
    const onLeave = vi.fn();
    render(<GuardedForm onLeave={onLeave} />);
    await userEvent.click(screen.getByRole('button', { name: 'Leave Name' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('stops a click outside the form and asks; "continue editing" keeps the user here', async () => {
    const onLeave = vi.fn();
    render(<GuardedForm onLeave={onLeave} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Leave Name' }));
    expect(onLeave).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Continue editing' }));
    expect(onLeave).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Name')).toHaveValue('Ada');
  });

  it('replays the stopped click after "discard changes"', async () => {
    const onLeave = vi.fn();
    render(<GuardedForm onLeave={onLeave} />);
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Leave Name' }));
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
  });

  it('keeps one listener: the newest guard replaces the earlier one', async () => {
    const first = vi.fn();
    const second = vi.fn();
    render(
      <>
        <GuardedForm onLeave={first} label="First" />
        <GuardedForm onLeave={second} label="Second" />
      </>,
    );
    await userEvent.type(screen.getByLabelText('First'), 'changed');
    // Only the second form's guard listens, and it has nothing unsaved.
    await userEvent.click(screen.getByRole('button', { name: 'Leave First' }));
    expect(first).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('on a page of several forms, guards the one that holds changes', async () => {
    const first = vi.fn();
    render(
      <>
        <GuardedForm onLeave={first} label="First" asValue />
        <GuardedForm onLeave={vi.fn()} label="Second" asValue />
      </>,
    );
    await userEvent.type(screen.getByLabelText('First'), 'changed');
    await userEvent.click(screen.getByRole('button', { name: 'Leave First' }));
    expect(first).not.toHaveBeenCalled();
    expect(screen.getByRole('alertdialog', { name: 'Unsaved changes' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Discard changes' }));
    expect(first).toHaveBeenCalledTimes(1);
  });
});
