import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { FormDialog, type FormDialogProps } from '../dialog/FormDialog';

/** A rename form in the frame; it reports what it saved. */
function RenameDialog({ onSave, ...props }: { onSave: (name: string) => Promise<void> } & Partial<FormDialogProps>) {
  const [open, setOpen] = useState(true);
  const [name, setName] = useState('Phone');
  const [isSaving, setIsSaving] = useState(false);
  const save = async () => {
    setIsSaving(true);
    await onSave(name);
    setIsSaving(false);
    setOpen(false);
  };
  return (
    <FormDialog open={open} title="Rename method" submitLabel="Save" isBusy={isSaving} hasUnsavedChanges={name !== 'Phone'} onSubmit={() => void save()} onClose={() => setOpen(false)} {...props}>
      <TextField label="Name" value={name} onChange={(event) => setName(event.target.value)} />
    </FormDialog>
  );
}

describe('FormDialog (issue 32: one dialog frame)', () => {
  it('is a dialog named by its title; Enter submits the form and the dialog closes when saved', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => undefined);
    renderWithProviders(<RenameDialog onSave={onSave} />);
    expect(screen.getByRole('dialog', { name: 'Rename method' })).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Laptop{Enter}');
    expect(onSave).toHaveBeenCalledWith('Laptop');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('closes on Esc at once when nothing was changed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RenameDialog onSave={vi.fn()} />);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('asks before throwing away changes; Esc in the question closes only the question', async () => {
    const user = userEvent.setup();
    renderWithProviders(<RenameDialog onSave={vi.fn()} />);
    await user.type(screen.getByLabelText('Name'), ' 2');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('alertdialog', { name: 'Unsaved changes' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Rename method' })).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveValue('Phone 2');

    await user.keyboard('{Escape}');
    await user.click(await screen.findByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Rename method' })).not.toBeInTheDocument());
  });

  it('shows the server refusal above the fields and keeps the dialog open while saving', async () => {
    const user = userEvent.setup();
    let finish: () => void = () => undefined;
    const onSave = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    renderWithProviders(<RenameDialog onSave={onSave} serverError="The name is taken." />);
    expect(screen.getByRole('alert')).toHaveTextContent('The name is taken.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Rename method' })).toBeInTheDocument();
    finish();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('without a submit it only shows something and has a Close button', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    renderWithProviders(
      <FormDialog open title="Mail" onClose={onClose}>
        Body
      </FormDialog>,
    );
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
