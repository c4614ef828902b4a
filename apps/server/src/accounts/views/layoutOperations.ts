import {
  baseViewOf,
  getEnumDataRequestSchema,
  getEnumDataResponseSchema,
  getViewLayoutRequestSchema,
  getViewLayoutResponseSchema,
  validateRemoteFieldRequestSchema,
  validateRemoteFieldResponseSchema,
  validateUniqueFieldRequestSchema,
  validateUniqueFieldResponseSchema,
} from '@cmp/contracts/accountViews';
import { isAllowed } from '@cmp/contracts/capabilities';
import { ApiError, accessDenied } from '../../platform/errors';
import { translateMessage } from '../../platform/i18n/messages';
import { defineOperation } from '../../platform/operations';
import { accountRequirement, requireAccountFor } from '../accountAccess';
import { isValidVatNumber } from './vatNumbers';
import { loadDisplayedEnum, loadViewDefinitions, loadViewLayout } from './viewMetadata';
import { isValueTaken } from './viewValidation';

const getViewLayout = defineOperation({
  service: 'IAccountService',
  operation: 'GetViewLayout',
  readOnly: true,
  summary: 'The layout of a view (spec §3 "View layout"): Pages → Containers → Fields with labels, rules and enum members in the caller\'s language. Product layouts are keyed by product name.',
  request: getViewLayoutRequestSchema,
  response: getViewLayoutResponseSchema,
  async handler(input, { db, locale }) {
    return { Pages: await loadViewLayout(db, input.type, input.view, input.productName ?? '', locale) };
  },
});

const getEnumData = defineOperation({
  service: 'IAccountService',
  operation: 'GetEnumData',
  readOnly: true,
  summary: 'The members of an enumeration (Countries, Currencies, Languages, Regions …) with their names in the caller\'s language.',
  request: getEnumDataRequestSchema,
  response: getEnumDataResponseSchema,
  async handler(input, { db, locale }) {
    const members = await loadDisplayedEnum(db, input.enumName, locale);
    if (!members) throw new ApiError(404, 'not_found');
    return members;
  },
});

/** "Company.AccountIdentificator" or "AccountIdentificator" (then the type's own view). */
const splitFieldName = (fieldName: string, accountType: string) => {
  const [view, field] = fieldName.includes('.') ? (fieldName.split('.', 2) as [string, string]) : [baseViewOf(accountType), fieldName];
  return { view, field };
};

const validateUniqueField = defineOperation({
  service: 'IAccountService',
  operation: 'ValidateUniqueField',
  readOnly: true,
  summary: 'Whether a value of a unique field (username, company identifier …) is still free; the account being edited does not count.',
  request: validateUniqueFieldRequestSchema,
  response: validateUniqueFieldResponseSchema,
  async handler(input, { db, caller }) {
    // Needs a write capability on the type (it is asked while creating or editing), and the
    // account being edited must be one the caller may change — checked first, so a foreign id
    // answers like a missing one whatever else the request holds.
    if (input.accountId) await requireAccountFor(db, caller, input.accountId, 'Create');
    else if (!isAllowed(caller.capabilities, accountRequirement(input.accountType, 'Create'))) throw accessDenied();
    const { view, field } = splitFieldName(input.fieldName, input.accountType);
    const definition = (await loadViewDefinitions(db, [view])).get(view)?.find((f) => f.Name === field);
    if (!definition) throw new ApiError(400, 'field_unknown', { field: `${view}.${field}` });
    const value = input.value.trim();
    if (!definition.Unique || !value) return { IsUnique: true };
    return { IsUnique: !(await isValueTaken(db, view, field, value, input.accountId ?? undefined)) };
  },
});

const validateRemoteFieldWithResult = defineOperation({
  service: 'IAccountService',
  operation: 'ValidateRemoteFieldWithResult',
  readOnly: true,
  summary: 'Checks a field against an outside rule (a VAT number against the format of its country) and answers whether it is valid with a message for the form.',
  request: validateRemoteFieldRequestSchema,
  response: validateRemoteFieldResponseSchema,
  async handler(input, { locale }) {
    const field = input.fieldName.split('.').pop()!;
    if (field !== 'VatNumber') throw new ApiError(400, 'field_unknown', { field: input.fieldName });
    const value = input.value.trim();
    const country = (input.country ?? '').toUpperCase();
    const isValid = !value || isValidVatNumber(value, country);
    return { IsValid: isValid, Message: isValid ? '' : translateMessage(locale, 'vat_number_invalid', { value, country }) };
  },
});

export const layoutOperations = [getViewLayout, getEnumData, validateUniqueField, validateRemoteFieldWithResult];
