import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { jest } from '@jest/globals';
import type { UserDto } from '@khidma/contracts';
import { formatDate, i18n, initI18n, isolate } from '@khidma/web-kit';
import { fakeResponse, testUser } from '@khidma/web-kit/testing';
import { NS } from '../namespace';
import { SEARCH_DEBOUNCE_MS } from '../components/SearchBox';
import { admin, callsTo, mockApi, pending, usersPage } from '../testing/fixtures';
import { LANGUAGES, renderAdmin, signIn, tr } from '../testing/render';

beforeAll(() => initI18n(NS), 30_000);
beforeEach(() => signIn(admin));
afterEach(() => {
  signIn(null);
  jest.useRealTimers();
});

const sara = testUser();
const omar = testUser({
  id: 'u-omar',
  firstName: 'Omar',
  lastName: 'Nasser',
  email: 'omar@example.com',
  role: 'provider',
});

/** The users list (filtered by `search` like the server would) and PATCH answering the changed user. */
function api(patch?: (id: string, body: Partial<UserDto>) => Response) {
  const people = [admin, sara, omar];
  return mockApi((url, init) => {
    if (url.pathname === '/api/admin/pending-approvals') return fakeResponse(200, pending());
    if (url.pathname === '/api/admin/users') {
      const search = url.searchParams.get('search')?.toLowerCase() ?? '';
      const found = people.filter((p) =>
        `${p.firstName} ${p.lastName} ${p.email}`.toLowerCase().includes(search),
      );
      return fakeResponse(
        200,
        usersPage(found, search ? found.length : 45, Number(url.searchParams.get('page') ?? 1)),
      );
    }
    const match = /^\/api\/admin\/users\/(.+)$/.exec(url.pathname);
    if (match && init?.method === 'PATCH') {
      const body = JSON.parse(String(init.body)) as Partial<UserDto>;
      if (patch) return patch(match[1]!, body);
      const target = people.find((p) => p.id === match[1])!;
      return fakeResponse(200, { user: { ...target, ...body } });
    }
    return undefined;
  });
}

const rowOf = async (email: string) => (await screen.findByText(email)).closest('tr')!;

/** Omar's row, once Deactivate on it has opened the confirmation dialog. */
async function askToDeactivateOmar() {
  const row = await rowOf('omar@example.com');
  fireEvent.click(
    within(row).getByRole('button', { name: `${tr('users.deactivate')}: Omar Nasser` }),
  );
  return { row, dialog: await screen.findByRole('dialog') };
}

describe.each(LANGUAGES)('Users tab in %s', (language) => {
  beforeAll(() => i18n.changeLanguage(language));

  it('lists users with name, e-mail, role, status and join date, and the total', async () => {
    api();
    renderAdmin('/admin?tab=users');
    const row = await rowOf('sara@example.com');
    expect(row).toHaveTextContent('Sara Khalil');
    expect(row).toHaveTextContent(tr('users.active'));
    expect(
      within(row).getByRole('combobox', { name: tr('users.roleOf', { name: 'Sara Khalil' }) }),
    ).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveTextContent(formatDate(sara.createdAt, language, { dateStyle: 'medium', hijri: language === 'ar' }));
    expect(screen.getByText(tr('states.count', { total: '45' }))).toBeInTheDocument();
  });

  it('debounces the search and asks the server with the text, from page 1', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=users');
    await rowOf('omar@example.com');
    jest.useFakeTimers();
    const box = screen.getByRole('searchbox', { name: tr('list.search') });
    for (const text of ['o', 'om', 'omar']) {
      fireEvent.change(box, { target: { value: text } });
      act(() => jest.advanceTimersByTime(100));
    }
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS - 101));
    expect(callsTo(fetch, '/api/admin/users').some((c) => c.query.has('search'))).toBe(false);
    act(() => jest.advanceTimersByTime(1));
    jest.useRealTimers();
    await waitFor(() => expect(screen.queryByText('sara@example.com')).not.toBeInTheDocument());
    const searches = callsTo(fetch, '/api/admin/users').filter((c) => c.query.has('search'));
    expect(searches.map((c) => c.query.toString())).toEqual(['search=omar&page=1&limit=20']);
    expect(screen.getByText('omar@example.com')).toBeInTheDocument();
  });

  it('pages through the server: page 2 asks page=2', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=users');
    await rowOf('sara@example.com');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() =>
      expect(callsTo(fetch, '/api/admin/users').at(-1)?.query.get('page')).toBe('2'),
    );
  });

  it('changes a role with PATCH {role} and shows the new role', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=users');
    const row = await rowOf('sara@example.com');
    fireEvent.mouseDown(within(row).getByRole('combobox'));
    const option = await screen.findByText((_, el) =>
      Boolean(
        el?.classList.contains('ant-select-item-option-content') &&
        el.textContent === tr('roles.provider'),
      ),
    );
    fireEvent.click(option);
    await waitFor(() =>
      expect(callsTo(fetch, `/api/admin/users/${sara.id}`).map((c) => [c.method, c.body])).toEqual([
        ['PATCH', { role: 'provider' }],
      ]),
    );
    expect(
      await screen.findByText(
        tr('users.roleChanged', { name: isolate('Sara Khalil'), role: tr('roles.provider') }),
      ),
    ).toBeInTheDocument();
  });

  it('deactivates only after confirmation, with PATCH {isActive: false}', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=users');
    const { row, dialog } = await askToDeactivateOmar();
    expect(dialog).toHaveTextContent(tr('users.deactivateTitle', { name: isolate('Omar Nasser') }));
    expect(callsTo(fetch, `/api/admin/users/${omar.id}`)).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: tr('users.confirm') }));
    await waitFor(() =>
      expect(callsTo(fetch, `/api/admin/users/${omar.id}`).map((c) => c.body)).toEqual([
        { isActive: false },
      ]),
    );
    await waitFor(() => expect(within(row).getByText(tr('users.inactive'))).toBeInTheDocument());
    expect(
      within(row).getByRole('button', { name: `${tr('users.activate')}: Omar Nasser` }),
    ).toBeInTheDocument();
  });

  it('cancelling the confirmation changes nothing', async () => {
    const fetch = api();
    renderAdmin('/admin?tab=users');
    const { row, dialog } = await askToDeactivateOmar();
    fireEvent.click(within(dialog).getByRole('button', { name: tr('users.cancel') }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetch, `/api/admin/users/${omar.id}`)).toEqual([]);
    expect(row).toHaveTextContent(tr('users.active'));
  });

  it("locks the admin's own row: no role change, no deactivation", async () => {
    api();
    renderAdmin('/admin?tab=users');
    const row = await rowOf(admin.email);
    expect(row).toHaveTextContent(tr('users.you'));
    expect(within(row).getByRole('combobox')).toBeDisabled();
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(row).toHaveTextContent(tr('users.selfLocked'));
  });

  it("shows the server's refusal and keeps the row as it was", async () => {
    api(() =>
      fakeResponse(400, {
        statusCode: 400,
        code: 'cannot_change_own_admin',
        message: 'Admins cannot deactivate or demote themselves',
      }),
    );
    renderAdmin('/admin?tab=users');
    const { row, dialog } = await askToDeactivateOmar();
    fireEvent.click(within(dialog).getByRole('button', { name: tr('users.confirm') }));
    expect(
      await screen.findByText(
        `${tr('pending.errorTitle')}: ${tr('errors.codes.cannot_change_own_admin')}`,
      ),
    ).toBeInTheDocument();
    expect(row).toHaveTextContent(tr('users.active'));
  });
});
