import { act, fireEvent, render, screen } from '@testing-library/react';
import { i18n, initI18n } from '@khidma/web-kit';
import { NS } from '../namespace';
import { Tabs } from './Tabs';

beforeAll(() => initI18n(NS), 30_000);
afterEach(() => act(() => i18n.changeLanguage('en')));

const items = ['One', 'Two', 'Three'].map((label) => ({ key: label.toLowerCase(), label, children: <p>{label} panel</p> }));

it('shows the first tab, and a click shows another; only the shown tab is in the Tab order', () => {
  render(<Tabs items={items} />);
  expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveTextContent('One panel');
  fireEvent.click(screen.getByRole('tab', { name: 'Two' }));
  expect(screen.getByRole('tab', { name: 'Two' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Two panel');
  expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([-1, 0, -1]);
});

it('moves with the arrow keys (wrapping), Home and End, focusing the tab it shows', () => {
  render(<Tabs items={items} />);
  const tab = (name: string) => screen.getByRole('tab', { name });
  fireEvent.keyDown(tab('One'), { key: 'ArrowRight' });
  expect(tab('Two')).toHaveFocus();
  expect(screen.getByRole('tabpanel')).toHaveTextContent('Two panel');
  fireEvent.keyDown(tab('Two'), { key: 'End' });
  expect(tab('Three')).toHaveFocus();
  fireEvent.keyDown(tab('Three'), { key: 'ArrowRight' });
  expect(tab('One')).toHaveFocus();
  fireEvent.keyDown(tab('One'), { key: 'ArrowLeft' });
  expect(tab('Three')).toHaveFocus();
  fireEvent.keyDown(tab('Three'), { key: 'Home' });
  expect(tab('One')).toHaveAttribute('aria-selected', 'true');
});

it('mirrors the arrow keys in Arabic (right to left): ArrowLeft goes forward', async () => {
  await act(() => i18n.changeLanguage('ar'));
  render(<Tabs items={items} />);
  fireEvent.keyDown(screen.getByRole('tab', { name: 'One' }), { key: 'ArrowLeft' });
  expect(screen.getByRole('tab', { name: 'Two' })).toHaveFocus();
  fireEvent.keyDown(screen.getByRole('tab', { name: 'Two' }), { key: 'ArrowRight' });
  expect(screen.getByRole('tab', { name: 'One' })).toHaveFocus();
});
