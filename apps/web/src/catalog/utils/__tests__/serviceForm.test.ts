import { describe, expect, it } from 'vitest';
import { checkServiceForm, emptyItem, formOfService, serviceInputOf } from '../serviceForm';

const valid = () => ({
  ...formOfService(undefined),
  ServiceName: 'SKYLINE_NOTES',
  DisplayNames: { en: 'Skyline Notes', de: '' },
  Category: 'Productivity',
  Tags: 'notes, collaboration, notes',
  Items: [{ ...emptyItem(), Name: 'Subscription', PurchasePrice: '3.10', Srp: '4.50' }],
});

describe('the service editor form', () => {
  it('accepts a complete form and builds the request, tags split and deduplicated, empty texts as null', () => {
    expect(checkServiceForm(valid(), true)).toEqual({});
    expect(serviceInputOf(valid())).toMatchObject({ Tags: ['notes', 'collaboration'], VendorSku: null, IconPath: null, Items: [{ Name: 'Subscription', FeeType: 'Recurring', Unit: null, PurchasePrice: '3.10', Srp: '4.50' }] });
  });

  it('names every field that the server would refuse', () => {
    const form = {
      ...valid(),
      ServiceName: 'skyline notes',
      DisplayNames: { de: 'Notizen' },
      Category: ' ',
      Currency: 'euro',
      CommitmentTerms: [],
      IconPath: 'icon.png',
      Items: [
        { ...emptyItem(), Name: 'Seat', PurchasePrice: '3,10', Srp: '' },
        { ...emptyItem(), Name: 'seat', PurchasePrice: '1.1234567', Srp: '-1' },
      ],
    };
    expect(checkServiceForm(form, true)).toEqual({
      ServiceName: 'catalog.problem_service_name',
      'DisplayNames.en': 'catalog.problem_required',
      Category: 'catalog.problem_required',
      Currency: 'catalog.problem_currency',
      CommitmentTerms: 'catalog.problem_commitment',
      IconPath: 'catalog.problem_icon_path',
      'Items.0.PurchasePrice': 'catalog.problem_decimal',
      'Items.0.Srp': 'catalog.problem_required',
      'Items.1.Name': 'catalog.problem_item_duplicate',
      'Items.1.PurchasePrice': 'catalog.problem_decimal',
      'Items.1.Srp': 'catalog.problem_decimal',
    });
    // The service ID of an existing service is not the user's to change, so it is not checked.
    expect(checkServiceForm({ ...valid(), ServiceName: 'whatever' }, false)).toEqual({});
    expect(checkServiceForm({ ...valid(), Items: [] }, true)).toEqual({ Items: 'catalog.problem_no_items' });
  });
});
