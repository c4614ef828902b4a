import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_ATTACHMENT_BYTES } from '@cmp/contracts/customCharges';
import type { OrderAttachment, OrderAttachmentList } from '@cmp/contracts/orderAttachments';
import type { Order } from '@cmp/contracts/orders';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { OrderDetailsDialog } from '../review/OrderDetailsDialog';
import { OrderResult } from '../wizard/OrderResult';
import { approvedOrder, operationOf, orderDetail, pendingOrder, type Answer } from '../review/__tests__/orderFixtures';

const offer: OrderAttachment = {
  AttachmentId: 7,
  OrderId: pendingOrder.Id,
  FileName: 'Signed offer.pdf',
  ContentType: 'application/pdf',
  SizeBytes: 2048,
  CreatedByName: 'Carla Admin',
  CreatedAt: '2026-11-20T09:20:00.000Z',
};
const listOf = (Attachments: OrderAttachment[], CanEdit = true): OrderAttachmentList => ({ Attachments, CanEdit, MaxAttachments: 10 });

/** Answers GetOrder with the order's detail, GetOrderAttachments with `attachments()` (re-read after each change), the rest with `other`. */
function renderDialog(order: Order, attachments: () => OrderAttachmentList, other: Answer = () => ({ body: {} })) {
  const fetch = installFakeFetch((url, init) => {
    const operation = operationOf(url);
    const body = JSON.parse(String(init.body ?? '{}')) as Record<string, unknown>;
    if (operation === 'GetOrder') return { body: { Order: orderDetail(order) } };
    if (operation === 'GetOrderAttachments') return { body: attachments() };
    return other(operation, body, init);
  });
  renderWithProviders(<OrderDetailsDialog order={order} onClose={() => undefined} />);
  const calls = (operation: string) => fetch.mock.calls.filter(([url]) => operationOf(String(url)) === operation).map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
  return { calls, user: userEvent.setup({ applyAccept: false }) };
}

const fileInput = () => screen.getByTestId('order-attachment-input') as HTMLInputElement;
const pdfFile = (name = 'Purchase order.pdf', size?: number) => new File([size ? new Uint8Array(size) : '%PDF-1.4 purchase order'], name, { type: 'application/pdf' });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the attachments of an order (details dialog)', () => {
  it('lists the files with size and who added them, and downloads one under its safe name', async () => {
    vi.spyOn(URL, 'createObjectURL').mockImplementation(() => 'blob:test');
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    const { user, calls } = renderDialog(pendingOrder, () => listOf([offer]), (operation) =>
      operation === 'DownloadOrderAttachment' ? { body: { FileName: 'Signed_offer.pdf', ContentType: 'application/pdf', ContentBase64: btoa('%PDF-1.4') } } : { body: {} },
    );
    const list = await screen.findByRole('list', { name: 'Attachments' });
    expect(within(list).getByRole('listitem')).toHaveTextContent(/Signed offer\.pdf.*2 kB · added by Carla Admin on Nov 20, 2026/);
    await user.click(within(list).getByRole('button', { name: 'Download Signed offer.pdf' }));
    await waitFor(() => expect(clicked).toEqual(['Signed_offer.pdf']));
    expect(calls('DownloadOrderAttachment')).toEqual([{ attachmentId: 7 }]);
  });

  it('says when nothing is attached, and uploads a picked pdf in base64, then shows it', async () => {
    let attachments: OrderAttachment[] = [];
    const { user, calls } = renderDialog(pendingOrder, () => listOf(attachments), (operation, body) => {
      if (operation !== 'AddOrderAttachment') return { body: {} };
      attachments = [{ ...offer, AttachmentId: 8, FileName: String(body.fileName) }];
      return { body: { Attachment: attachments[0] } };
    });
    expect(await screen.findByText('No files are attached to this order.')).toHaveAttribute('role', 'status');
    expect(screen.getByText('doc, docx, xls, xlsx or pdf, at most 512 kB each; up to 10 files per order.')).toBeInTheDocument();
    await user.upload(fileInput(), pdfFile());
    await waitFor(() => expect(calls('AddOrderAttachment')).toHaveLength(1));
    expect(calls('AddOrderAttachment')[0]).toEqual({ orderId: 41, fileName: 'Purchase order.pdf', contentType: 'application/pdf', contentBase64: btoa('%PDF-1.4 purchase order') });
    expect(await screen.findByRole('button', { name: 'Download Purchase order.pdf' })).toBeInTheDocument();
  });

  it('refuses another type or a file over the limit before uploading, naming the file', async () => {
    const { user, calls } = renderDialog(pendingOrder, () => listOf([]));
    await screen.findByRole('button', { name: 'Add attachment' });
    await user.upload(fileInput(), new File(['MZ'], 'setup.exe', { type: 'application/octet-stream' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('setup.exe cannot be attached: only doc, docx, xls, xlsx and pdf files are allowed.');
    await user.upload(fileInput(), pdfFile('scan.pdf', MAX_ATTACHMENT_BYTES + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(/scan\.pdf is too large \(512 kB\): an attachment may have at most 512 kB\./);
    expect(calls('AddOrderAttachment')).toEqual([]);
  });

  it("shows the server's refusal of a file", async () => {
    const { user } = renderDialog(pendingOrder, () => listOf([]), () => ({ status: 400, body: { Message: 'fake.pdf was refused: its content or content type is not that of a pdf file.' } }));
    await screen.findByRole('button', { name: 'Add attachment' });
    await user.upload(fileInput(), pdfFile('fake.pdf'));
    expect(await screen.findByRole('alert')).toHaveTextContent('fake.pdf was refused: its content or content type is not that of a pdf file.');
  });

  it('deletes a file only after a confirmation', async () => {
    let attachments = [offer];
    const { user, calls } = renderDialog(pendingOrder, () => listOf(attachments), (operation) => {
      if (operation !== 'DeleteOrderAttachment') return { body: {} };
      attachments = [];
      return { body: { AttachmentId: 7, OrderId: 41 } };
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Signed offer.pdf' }));
    const confirmation = await screen.findByRole('alertdialog', { name: 'Delete the attachment?' });
    expect(confirmation).toHaveTextContent('Signed offer.pdf will be removed from order 41. This cannot be undone.');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(calls('DeleteOrderAttachment')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete Signed offer.pdf' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete the attachment?' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls('DeleteOrderAttachment')).toEqual([{ attachmentId: 7 }]));
    expect(await screen.findByText('No files are attached to this order.')).toBeInTheDocument();
  });

  it('offers neither adding nor deleting when the caller may not change them (a decided order)', async () => {
    renderDialog(approvedOrder, () => listOf([offer], false));
    expect(await screen.findByRole('button', { name: 'Download Signed offer.pdf' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add attachment' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('says when the order is full', async () => {
    renderDialog(pendingOrder, () => listOf(Array.from({ length: 10 }, (_, index) => ({ ...offer, AttachmentId: index + 1, FileName: `part ${index}.pdf` }))));
    expect(await screen.findByRole('button', { name: 'Add attachment' })).toBeDisabled();
    expect(screen.getByText('This order has 10 attachments, the most it may have: delete one to add another.')).toBeInTheDocument();
  });
});

describe('the attachments of a just-placed order (wizard result)', () => {
  it('offers "Add attachment" for an order that waits for approval, and nothing for an approved one', async () => {
    installFakeFetch((url) => {
      const operation = operationOf(url);
      if (operation === 'GetOrderAttachments') return { body: listOf([]) };
      return { body: { Order: orderDetail(pendingOrder) } };
    });
    const { unmount } = renderWithProviders(<OrderResult placed={pendingOrder} />);
    expect(await screen.findByRole('button', { name: 'Add attachment' })).toBeInTheDocument();
    unmount();
    installFakeFetch(() => ({ body: { Order: orderDetail(approvedOrder) } }));
    renderWithProviders(<OrderResult placed={approvedOrder} />);
    expect(await screen.findByRole('heading', { name: /Order 40/ })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Attachments' })).toBeNull();
  });
});
