import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_ATTACHMENT_BYTES, type CustomChargeInput } from '@cmp/contracts/customCharges';
import { ApiError } from '../../../platform/api/ApiError';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { CustomChargeDialog } from '../CustomChargeDialog';

type OnSave = (charge: CustomChargeInput, idempotencyKey: string) => Promise<void>;

function renderDialog({ onSave = vi.fn<OnSave>().mockResolvedValue(undefined), minorUnits = 2 }: { onSave?: ReturnType<typeof vi.fn<OnSave>>; minorUnits?: number } = {}) {
  const onClose = vi.fn();
  renderWithProviders(<CustomChargeDialog currency="GBP" minorUnits={minorUnits} onSave={onSave} onClose={onClose} />);
  return { onSave, onClose, user: userEvent.setup({ applyAccept: false }) };
}
const field = (name: RegExp) => screen.getByRole('textbox', { name });
const add = () => screen.getByRole('button', { name: 'Add' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
const pdfFile = (name = 'sow.pdf', size?: number) => new File([size ? new Uint8Array(size) : '%PDF-1.4 demo'], name, { type: 'application/pdf' });

describe('CustomChargeDialog', () => {
  it('names every missing required field and sends nothing', async () => {
    const { onSave, user } = renderDialog();
    await user.clear(field(/^Cost/));
    await user.click(add());
    expect(await screen.findAllByText('Enter a value.')).toHaveLength(3);
    expect(field(/^Name/)).toHaveAttribute('aria-invalid', 'true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses amounts that are not numbers, zero prices and more decimals than the currency has', async () => {
    const { onSave, user } = renderDialog();
    await user.type(field(/^Name/), 'Workshop');
    await user.type(field(/^Price/), '12,50');
    await user.click(add());
    expect(await screen.findByText('Enter an amount such as 12.50 or -12.50.')).toBeInTheDocument();
    await user.clear(field(/^Price/));
    await user.type(field(/^Price/), '0.00');
    await user.click(add());
    expect(await screen.findByText('The price cannot be zero.')).toBeInTheDocument();
    await user.clear(field(/^Price/));
    await user.type(field(/^Price/), '12.345');
    await user.click(add());
    expect(await screen.findByText('Amounts in GBP have at most 2 decimals, such as 12.50.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('takes a currency without decimals at its minor unit', async () => {
    const { onSave, user } = renderDialog({ minorUnits: 0 });
    await user.type(field(/^Name/), 'Setup');
    await user.type(field(/^Price/), '1200.5');
    await user.click(add());
    expect(await screen.findByText('Amounts in GBP have at most 0 decimals, such as 12.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('limits the file picker to the allowed types, states the limit and refuses other files and large ones', async () => {
    const { onSave, user } = renderDialog();
    expect(fileInput().accept).toContain('.pdf');
    expect(fileInput().accept).toContain('.docx');
    expect(screen.getByText('doc, docx, xls, xlsx or pdf, at most 512 kB.')).toBeInTheDocument();
    await user.type(field(/^Name/), 'Workshop');
    await user.type(field(/^Price/), '100');
    await user.upload(fileInput(), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    await user.click(add());
    expect(await screen.findByText('Only doc, docx, xls, xlsx and pdf files can be attached.')).toBeInTheDocument();
    await user.upload(fileInput(), pdfFile('big.pdf', MAX_ATTACHMENT_BYTES + 1));
    await user.click(add());
    expect(await screen.findByText('The file is larger than 512 kB.')).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('sends a negative charge with its attachment, keeping one Idempotency-Key across retries, and shows a refusal at its field', async () => {
    const onSave = vi
      .fn<OnSave>()
      .mockRejectedValueOnce(new ApiError('customCharge.Price: amounts in GBP have at most 2 decimals, such as 12.50.', { operation: 'CreateCustomCharge', status: 400 }))
      .mockResolvedValueOnce(undefined);
    const { user } = renderDialog({ onSave });
    await user.type(field(/^Name/), '  Service credit ');
    await user.type(field(/^Price/), '-49.99');
    await user.clear(field(/^Cost/));
    await user.type(field(/^Cost/), '-10');
    await user.type(field(/^Description/), 'Outage of 3 November');
    await user.upload(fileInput(), pdfFile());
    expect(screen.getByTestId('chosen-attachment')).toHaveTextContent('sow.pdf');
    await user.click(add());
    expect(await screen.findByText('customCharge.Price: amounts in GBP have at most 2 decimals, such as 12.50.')).toBeInTheDocument();
    await user.click(add());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    const [[charge, firstKey], [, secondKey]] = onSave.mock.calls as [[CustomChargeInput, string], [CustomChargeInput, string]];
    expect(charge).toEqual({
      Name: 'Service credit',
      Price: '-49.99',
      Cost: '-10',
      Description: 'Outage of 3 November',
      Attachment: { FileName: 'sow.pdf', ContentType: 'application/pdf', ContentBase64: btoa('%PDF-1.4 demo') },
    });
    expect(firstKey).toMatch(/^[0-9a-f-]{32,36}$/);
    expect(secondKey).toBe(firstKey);
  });

  it('asks before throwing away what was typed, and closes at once when nothing was', async () => {
    const { onClose, user } = renderDialog();
    await user.type(field(/^Name/), 'Workshop');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    expect(onClose).not.toHaveBeenCalled();
    await user.click(within(question).getByRole('button', { name: 'Discard changes' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
