import { describe, expect, it } from 'vitest';
import { acceptTermsRequestSchema, getMyConfirmedTermsRequestSchema, getMyConfirmedTermsResponseSchema, type ConfirmedTerm } from '@cmp/contracts/terms';
import { okResponseSchema } from '@cmp/contracts/auth';
import { callOperation } from '../../platform/api/callOperation';
import { assertContractsKept, operation, operationFailure } from '../apiHandlers';
import { apiServer } from '../apiServer';

const term: ConfirmedTerm = {
  Id: 1,
  Name: 'Terms of service',
  TermsText: '<p>These terms apply.</p>',
  PathToTermsPdf: null,
  IsPrivacyPolicy: false,
  IsAccepted: false,
  AcceptedAt: null,
};

const acceptTerms = { request: acceptTermsRequestSchema, response: okResponseSchema };
const getMyConfirmedTerms = { request: getMyConfirmedTermsRequestSchema, response: getMyConfirmedTermsResponseSchema };

describe('operation handlers held to the contracts', () => {
  it('hands the resolver the parsed body and sends an answer the response schema accepts', async () => {
    const bodies: unknown[] = [];
    apiServer.use(
      operation('IAccountService/AcceptTerms', acceptTerms, (body) => {
        bodies.push(body);
        return { Success: true };
      }),
    );
    await expect(callOperation('IAccountService', 'AcceptTerms', { termId: 3 })).resolves.toEqual({ Success: true });
    expect(bodies).toEqual([{ termId: 3 }]);
  });

  it('fails the test, naming the operation and the field, when the portal sends a body the contract refuses', async () => {
    apiServer.use(operation('IAccountService/AcceptTerms', acceptTerms, () => ({ Success: true })));
    await expect(callOperation('IAccountService', 'AcceptTerms', { termId: 'three' }, { suppressErrorToast: true })).rejects.toThrow(/AcceptTerms/);
    expect(() => assertContractsKept()).toThrow(/IAccountService\/AcceptTerms was called with a body its request schema refuses: .*termId/);
  });

  it('fails the test when an answer drifts from the response schema', async () => {
    apiServer.use(operation('IAccountService/GetMyConfirmedTerms', getMyConfirmedTerms, () => [{ ...term, IsAccepted: 'yes' } as unknown as ConfirmedTerm]));
    await expect(callOperation('IAccountService', 'GetMyConfirmedTerms', {}, { suppressErrorToast: true })).rejects.toThrow();
    expect(() => assertContractsKept()).toThrow(/IAccountService\/GetMyConfirmedTerms answered with a body its response schema refuses: 0\.IsAccepted/);
  });

  it('passes an error answer through as the server would send it', async () => {
    apiServer.use(operation('IAccountService/AcceptTerms', acceptTerms, () => operationFailure(403, 'Access denied')));
    await expect(callOperation('IAccountService', 'AcceptTerms', { termId: 3 }, { suppressErrorToast: true })).rejects.toMatchObject({ message: 'Access denied', status: 403 });
    expect(() => assertContractsKept()).not.toThrow();
  });
});
