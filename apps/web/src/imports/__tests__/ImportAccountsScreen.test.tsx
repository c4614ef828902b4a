import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { importWithErrorsSchema, MAX_IMPORT_FILE_BYTES, uploadImportFileQuerySchema } from '@cmp/contracts/imports';
import { bodiesSentTo, operation, operationFailure } from '../../test/apiHandlers';
import { apiServer } from '../../test/apiServer';
import { renderWithProviders } from '../../test/renderWithProviders';
import { ImportAccountsScreen } from '../screens/ImportAccountsScreen';

// Issue 30 item 10: the import screen says the file limit before upload, and refuses a larger file
// in the browser with the words the server answers 413 with, sending nothing.

describe('ImportAccountsScreen', () => {
  it('says the limit before upload and refuses a larger file without sending it', async () => {
    apiServer.use(operation('IImportService/UploadImport', { request: uploadImportFileQuerySchema, response: importWithErrorsSchema }, () => operationFailure(413, 'The file is larger than 50 MB.')));
    renderWithProviders(<ImportAccountsScreen />, { path: '/Account/Import' });
    const input = await screen.findByLabelText('File (.csv or .xlsx)');
    expect(input).toHaveAccessibleDescription('Up to 50 MB per file.');

    const file = new File(['Type,Company'], 'customers.csv', { type: 'text/csv' });
    Object.defineProperty(file, 'size', { value: MAX_IMPORT_FILE_BYTES + 1 });
    const user = userEvent.setup();
    await user.upload(input, file);
    await user.click(screen.getByRole('button', { name: 'Upload and check' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is larger than 50 MB.');
    expect(bodiesSentTo('IImportService/UploadImport')).toEqual([]);
  });
});
