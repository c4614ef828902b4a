import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18next from 'i18next';
import { installFakeFetch } from '../../../test/fakeFetch';
import { messageStore } from '../../messages/messageStore';
import { apiErrorText, messageInBody } from '../apiErrorText';
import { callOperation, callOperationWithFile } from '../callOperation';
import { callLatestOperation, supersedePrevious } from '../supersedePrevious';

const t = (key: string, values?: Record<string, string>) => i18next.t(key, values);
const errorToasts = () => messageStore.getSnapshot().filter((message) => message.type === 'error');

beforeEach(() => {
  messageStore.getSnapshot().forEach((message) => messageStore.remove(message.id));
});

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

describe('apiErrorText (spec §8 "Failed calls")', () => {
  it('uses the text of the Message element of the error body', () => {
    expect(apiErrorText({ isCanceled: false, body: '{"Message":"Account not found."}' }, 'LoadAccountById', t)).toBe('Account not found.');
    expect(messageInBody('<Fault><Message>Unable to save changes</Message></Fault>')).toBe('Unable to save changes');
  });

  it('falls back to the translated generic error when the body has no Message', () => {
    expect(apiErrorText({ isCanceled: false, body: '{"error":"boom"}' }, 'Search', t)).toBe('The application has encountered an unknown error');
    expect(apiErrorText({ isCanceled: false, body: '<html>Bad gateway</html>' }, 'Search', t)).toBe('The application has encountered an unknown error');
  });

  it('says the request was canceled, or failed for the operation when no body came back', () => {
    expect(apiErrorText({ isCanceled: true, body: undefined }, 'Search', t)).toBe('Error: request canceled');
    expect(apiErrorText({ isCanceled: false, body: undefined }, 'Search', t)).toBe('Error: request failed for Search');
    expect(apiErrorText({ isCanceled: false, body: '' }, 'Search', t)).toBe('Error: request failed for Search');
  });
});

describe('callOperation', () => {
  it('posts JSON to the operation path with the language and anti-forgery headers', async () => {
    document.cookie = 'XSRF-TOKEN=token%2F123';
    const fetch = installFakeFetch(() => ({ body: { Pong: 'pong', ServerTime: 'now' } }));

    await expect(callOperation('IAuthorizationService', 'PingPong', {})).resolves.toEqual({ Pong: 'pong', ServerTime: 'now' });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/DataModel/service.svc/rest/IAuthorizationService/PingPong');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{}');
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/json', 'Accept-Language': 'en', 'X-XSRF-TOKEN': 'token/123' });
  });

  it('sends a file as the body itself, with the other fields in the query (UploadImport)', async () => {
    document.cookie = 'XSRF-TOKEN=abc';
    const fetch = installFakeFetch(() => ({ body: { Import: { ImportId: 4 } } }));
    const file = new Blob(['Type,Company'], { type: 'text/csv' });

    await expect(callOperationWithFile('IImportService', 'UploadImport', { FileName: 'a b.csv', name: undefined, parentAccountId: 7 }, file)).resolves.toEqual({ Import: { ImportId: 4 } });

    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/DataModel/service.svc/rest/IImportService/UploadImport?FileName=a+b.csv&parentAccountId=7');
    expect(init?.body).toBe(file);
    expect(init?.headers).toMatchObject({ 'Content-Type': 'application/octet-stream', 'X-XSRF-TOKEN': 'abc' });
  });

  it('rejects with the server message and shows it as an error toast', async () => {
    installFakeFetch(() => ({ status: 403, body: { Message: 'Access denied.' } }));
    await expect(callOperation('IAccountService', 'LoadAccountById', { accountId: 9 })).rejects.toThrow('Access denied.');
    expect(errorToasts().map((toast) => toast.text)).toEqual(['Access denied.']);
  });

  it('shows no toast when the call suppresses it (Authenticate)', async () => {
    installFakeFetch(() => ({ status: 401, body: { Message: 'Invalid username or password.' } }));
    await expect(
      callOperation('IAuthorizationService', 'Authenticate', { userName: 'a', password: 'b' }, { suppressErrorToast: true }),
    ).rejects.toMatchObject({ message: 'Invalid username or password.', status: 401 });
    expect(errorToasts()).toEqual([]);
  });

  it('reports a network failure as "request failed for" the operation', async () => {
    installFakeFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(callOperation('IAccountService', 'GetDashboardSummary')).rejects.toThrow('Error: request failed for GetDashboardSummary');
    expect(errorToasts()).toHaveLength(1);
  });

  it('replaces the toast of an earlier failure of the same operation instead of stacking them', async () => {
    installFakeFetch(() => ({ status: 500, body: {} }));
    await expect(callOperation('IAccountService', 'Search')).rejects.toThrow();
    await expect(callOperation('IAccountService', 'Search')).rejects.toThrow();
    expect(errorToasts()).toHaveLength(1);
  });

  it('rejects a cancelled request with "Error: request canceled" and no toast', async () => {
    installFakeFetch(() => new Promise(() => undefined));
    const controller = new AbortController();
    const call = callOperation('IAccountService', 'Search', {}, { signal: controller.signal });
    controller.abort();
    await expect(call).rejects.toMatchObject({ message: 'Error: request canceled', isCanceled: true });
    expect(errorToasts()).toEqual([]);
  });
});

describe('cancelling a superseded request (spec §7 search)', () => {
  it('aborts the previous request of the same key only', () => {
    const first = supersedePrevious('search');
    const other = supersedePrevious('services');
    const second = supersedePrevious('search');
    expect(first.aborted).toBe(true);
    expect(other.aborted).toBe(false);
    expect(second.aborted).toBe(false);
  });

  it('fetches the anti-forgery cookie first when the browser has none', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    const fake = installFakeFetch(() => ({ body: { Ok: true } }));
    await callOperation('IAuthorizationService', 'PingPong');
    expect(fake.mock.calls.map(([url]) => String(url))).toEqual(['/healthz', '/DataModel/service.svc/rest/IAuthorizationService/PingPong']);
  });

  it('lets the newest call answer and cancels the older one silently', async () => {
    document.cookie = 'XSRF-TOKEN=token-1';
    const answers: Array<(response: { body: unknown }) => void> = [];
    installFakeFetch(() => new Promise((resolve) => answers.push(resolve)));

    const older = callLatestOperation('account-search', 'IAccountService', 'Search', { searchString: 'con' });
    const newer = callLatestOperation('account-search', 'IAccountService', 'Search', { searchString: 'contoso' });
    answers[1]({ body: [{ AccountId: 57 }] });

    await expect(older).rejects.toThrow('Error: request canceled');
    await expect(newer).resolves.toEqual([{ AccountId: 57 }]);
    expect(errorToasts()).toEqual([]);
  });
});
