import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MAX_IMPORT_FILE_BYTES } from '@cmp/contracts/imports';
import { installFakeFetch } from '../../test/fakeFetch';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ImportAccountsScreen } from '../screens/ImportAccountsScreen';

// Issue 30 item 10: the import screen says the file limit before upload, and refuses a larger file
// in the browser with the words the server answers 413 with, sending nothing.

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('ImportAccountsScreen', () => {
  it('says the limit before upload and refuses a larger file without sending it', async () => {
    const fetch = installFakeFetch((url) => {
      throw new Error(`unexpected ${url}`);
    });
    renderWithProviders(<ImportAccountsScreen />, { path: '/Account/Import' });
    const input = await screen.findByLabelText('File (.csv or .xlsx)');
    expect(input).toHaveAccessibleDescription('Up to 50 MB per file.');

    const file = new File(['Type,Company'], 'customers.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: MAX_IMPORT_FILE_BYTES + 1 });
    const user = userEvent.setup();
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 50 MB.');
    expect(fetch.mock.calls.filter(([url]) => String(url).endsWith('/UploadImport'))).toEqual([]);
  });
});
