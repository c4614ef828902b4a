import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Capability, CapabilityObjectType } from '@cmp/contracts/capabilities';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { MENU_CLOSE_DELAY_MS, MENU_OPEN_DELAY_MS } from '../LinkMenuButton';
import { TopNavigation } from '../TopNavigation';

const read = (ObjectType: CapabilityObjectType, Value: Capability['Value'] = null): Capability => ({ ObjectType, Read: true, Create: false, Execute: false, Delete: false, Value });
const nav = () => screen.getByRole('navigation', { name: 'Main navigation' });

afterEach(() => {
  vi.useRealTimers();
});

// spec §2 Top navigation / §6: each item is hidden without its check; a group without visible items is hidden.
describe('TopNavigation, one capability at a time', () => {
  it.each<[string, Capability[], string[]]>([
    ['nothing', [], []],
    ['Marketplace Read', [read('MARKETPLACE')], ['Explore', 'Marketplaces']],
    ['My Services Read', [read('MY_SERVICES')], ['Marketplaces']],
    ['Product Owner Profile Read', [read('PRODUCT_OWNER_PROFILE')], ['Marketplaces']],
    ['Quotation Tool Read', [read('QUOTATION_TOOL')], ['Quotes']],
    ['Sales Quote Read', [read('SALESQUOTE')], ['Quotes']],
    ['Failed Provisioning Read', [read('FAILED_PROVISIONING')], ['Orders']],
    ['Failed Provisioning Owned Read', [read('FAILED_PROVISIONING_OWNED')], ['Orders']],
    ['Credit Check Company Orders Read', [read('CREDIT_CHECK_COMPANY_ORDERS')], ['Orders']],
    ['My Imports Read', [read('MY_IMPORTS')], ['Orders']],
    ['Credit Check Order Management Read', [read('CREDIT_CHECK_ORDER_MANAGEMENT')], ['Orders']],
    ['Reporting Read', [read('REPORTING')], ['Reports']],
  ])('with %s shows exactly %j', (_name, capabilities, expected) => {
    renderWithProviders(<TopNavigation capabilities={capabilities} />);
    const entries = [...within(nav()).queryAllByRole('link'), ...within(nav()).queryAllByRole('button')].map((element) => element.textContent);
    expect(entries.sort()).toEqual([...expected].sort());
  });

  it.each<[string, Capability[], string[]]>([
    ['Quotation Tool Read', [read('QUOTATION_TOOL')], ['My quotes']],
    ['Quotation Tool Read with HIERARCHY', [read('QUOTATION_TOOL', 'HIERARCHY')], ['My quotes', 'Customer quotes']],
    ['Failed Provisioning and My Imports', [read('FAILED_PROVISIONING'), read('MY_IMPORTS')], ['Provisioning', 'My imports']],
  ])('with %s the group menu lists %j', async (_name, capabilities, expected) => {
    renderWithProviders(<TopNavigation capabilities={capabilities} />);
    await userEvent.click(within(nav()).getByRole('button'));
    expect(screen.getAllByRole('menuitem').map((item) => item.textContent)).toEqual(expected);
  });
});

describe('TopNavigation menus on hover (spec §9 menu open delay 300 ms, close delay 250 ms)', () => {
  it('opens a group after the pointer rested 300 ms and closes it 250 ms after it left', () => {
    vi.useFakeTimers();
    renderWithProviders(<TopNavigation capabilities={[read('REPORTING'), read('MY_IMPORTS')]} />);
    const orders = within(nav()).getByRole('button', { name: 'Orders' });

    fireEvent.mouseEnter(orders);
    act(() => vi.advanceTimersByTime(MENU_OPEN_DELAY_MS - 10));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    expect(screen.getByRole('menu')).toBeInTheDocument();
    expect(orders).toHaveAttribute('aria-expanded', 'true');
    // Opened by the pointer, the menu leaves the focus where it was.
    expect(screen.getByRole('menuitem', { name: 'My imports' })).not.toHaveFocus();

    fireEvent.mouseLeave(orders);
    act(() => vi.advanceTimersByTime(MENU_CLOSE_DELAY_MS - 10));
    expect(orders).toHaveAttribute('aria-expanded', 'true');
    act(() => vi.advanceTimersByTime(10));
    expect(orders).toHaveAttribute('aria-expanded', 'false');
  });

  it('does not open when the pointer only passes over the button', () => {
    vi.useFakeTimers();
    renderWithProviders(<TopNavigation capabilities={[read('MY_IMPORTS')]} />);
    const orders = within(nav()).getByRole('button', { name: 'Orders' });
    fireEvent.mouseEnter(orders);
    act(() => vi.advanceTimersByTime(MENU_OPEN_DELAY_MS / 2));
    fireEvent.mouseLeave(orders);
    act(() => vi.advanceTimersByTime(MENU_OPEN_DELAY_MS * 2));
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('highlights the group of the current page (active parent)', () => {
    renderWithProviders(<TopNavigation capabilities={[read('MY_IMPORTS'), read('REPORTING')]} />, { path: '/provisioning/my-imports' });
    expect(within(nav()).getByRole('button', { name: 'Orders' })).toHaveStyle({ textDecoration: 'underline' });
    expect(within(nav()).getByRole('link', { name: 'Reports' })).not.toHaveAttribute('aria-current');
  });
});
