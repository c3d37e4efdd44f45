import { jest } from '@jest/globals';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { WithAntd } from '@khidma/web-kit';
import { fakeResponse } from '@khidma/web-kit/testing';
import { renderAt, setupI18n } from '../../test-utils';
import Contact from './Contact';

const SLOW = { timeout: 15_000 };
const fetchMock = jest.fn<typeof fetch>();

beforeAll(() => setupI18n('en'), 60_000);
beforeEach(() => {
  fetchMock.mockReset();
  globalThis.fetch = fetchMock;
});

async function renderContact() {
  renderAt(
    <WithAntd>
      <Contact />
    </WithAntd>,
    '/contact',
  );
  await screen.findByRole('button', { name: 'Send message' }, SLOW);
}

async function fillValid() {
  await userEvent.type(screen.getByLabelText('Full name'), 'Mona Ali');
  await userEvent.type(screen.getByLabelText('E-mail'), 'mona@example.com');
  await userEvent.type(screen.getByLabelText('Subject'), 'Invoice');
  await userEvent.type(screen.getByLabelText('Message'), 'Please resend my invoice.');
}

it('requires name, e-mail, subject and message, and checks the e-mail, without calling the API', async () => {
  await renderContact();
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findAllByText('This field is required.')).toHaveLength(4);

  await userEvent.type(screen.getByLabelText('E-mail'), 'not-an-email');
  expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
}, 30_000);

it('posts the form as JSON to /api/contact and thanks the user', async () => {
  fetchMock.mockResolvedValue(fakeResponse(201, { id: 'c-42' }));
  await renderContact();
  await fillValid();
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));

  expect(await screen.findByText('Thank you! Your message has been sent.')).toBeInTheDocument();
  expect(screen.getByText(/Your reference is c-42/)).toBeInTheDocument();
  const [url, init] = fetchMock.mock.calls[0]!;
  expect(url).toBe('/api/contact');
  expect(init?.method).toBe('POST');
  expect(JSON.parse(String(init?.body))).toEqual({
    name: 'Mona Ali',
    email: 'mona@example.com',
    subject: 'Invoice',
    message: 'Please resend my invoice.',
    type: 'general',
  });
}, 30_000);

it('shows the server field errors of a 400 on the fields', async () => {
  fetchMock.mockResolvedValue(
    fakeResponse(400, { statusCode: 400, code: 'validation_failed', message: 'Invalid', fields: { email: 'email' } }),
  );
  await renderContact();
  await fillValid();
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByText('Please enter a valid e-mail address.')).toBeInTheDocument();
  expect(screen.queryByText('Thank you! Your message has been sent.')).not.toBeInTheDocument();
}, 30_000);

it('explains a failure and keeps what the user typed', async () => {
  fetchMock.mockResolvedValue(fakeResponse(503, 'down', 'Service Unavailable'));
  await renderContact();
  await fillValid();
  await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
  expect(await screen.findByText(/Your message could not be sent/)).toBeInTheDocument();
  await waitFor(() => expect(screen.getByLabelText('Message')).toHaveValue('Please resend my invoice.'));
  expect(screen.getByLabelText('Full name')).toHaveValue('Mona Ali');
}, 30_000);
