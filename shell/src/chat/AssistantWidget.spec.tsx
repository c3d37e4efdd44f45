import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { mockApi, renderAt, setupI18n } from '../test-utils';
import { AssistantWidget } from './AssistantWidget';

describe('the assistant widget', () => {
  beforeAll(() => setupI18n('en'), 60_000);
  beforeEach(() => sessionStorage.clear());

  it('opens with the welcome, keeps the conversation when closed, and Escape hands focus back to its button', async () => {
    mockApi({ 'POST /api/ai/chat': fakeResponse(200, { response: 'Here is what I found' }) });
    renderAt(<AssistantWidget />);
    // Nothing of the chat is on the page before the visitor asks for it.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open the assistant chat' }));
    const panel = await screen.findByRole('dialog', { name: 'Khidma assistant' });
    expect(within(panel).getByText(i18n.t('chat.welcome'))).toBeInTheDocument();
    await userEvent.type(within(panel).getByRole('textbox'), 'find a cleaner{Enter}');
    expect(await within(panel).findByText('Here is what I found')).toBeInTheDocument();

    await userEvent.click(within(panel).getByRole('button', { name: 'Close the assistant chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Open the assistant chat' });
    expect(toggle).toHaveFocus();

    await userEvent.click(toggle);
    const reopened = await screen.findByRole('dialog', { name: 'Khidma assistant' });
    expect(within(reopened).getAllByText(i18n.t('chat.welcome'))).toHaveLength(1);
    expect(within(reopened).getByText('find a cleaner')).toBeInTheDocument();
    expect(within(reopened).getByText('Here is what I found')).toBeInTheDocument();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open the assistant chat' })).toHaveFocus();
  });
});
