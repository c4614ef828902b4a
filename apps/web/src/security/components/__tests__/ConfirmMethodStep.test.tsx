import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { ConfirmMethodStep } from '../ConfirmMethodStep';

describe('ConfirmMethodStep (spec §4 MFA methods)', () => {
  it('takes the focus into the code field when it appears, since the button that led to it is gone', async () => {
    renderWithProviders(<ConfirmMethodStep methodId={3} onConfirmed={() => undefined} />);
    expect(await screen.findByLabelText('Security code')).toHaveFocus();
  });
});
