import { jest } from '@jest/globals';
import { fakeResponse } from '@khidma/web-kit/testing';

const registerRemotes = jest.fn();
const loadRemote = jest.fn(async (id: string) => ({ default: () => id }));
jest.unstable_mockModule('@module-federation/enhanced/runtime', () => ({ registerRemotes, loadRemote }));
const { loadRemotePage } = await import('./registry');

const manifest = (booking = '/mfe/booking/mf-manifest.json') => ({
  mfe_catalogue: '/mfe/catalogue/mf-manifest.json',
  mfe_booking: booking,
  mfe_provider: 'http://cdn.example/provider/mf-manifest.json',
  mfe_admin: '/mfe/admin/mf-manifest.json',
});
const fetchMock = jest.fn<typeof fetch>();
globalThis.fetch = fetchMock;

it('registers the remotes of /remotes.json (absolute URLs) and loads the page through the MF runtime', async () => {
  fetchMock.mockResolvedValueOnce(fakeResponse(200, manifest()));
  const page = await loadRemotePage('mfe_catalogue', 'ServicesPage', false);
  expect(fetchMock).toHaveBeenCalledWith('/remotes.json', expect.anything());
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_catalogue', entry: 'http://localhost/mfe/catalogue/mf-manifest.json' }], { force: false });
  expect(registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_provider', entry: 'http://cdn.example/provider/mf-manifest.json' }], { force: false });
  expect(loadRemote).toHaveBeenCalledWith('mfe_catalogue/ServicesPage');
  expect(page.default).toBeInstanceOf(Function);

  // The manifest is read once per page load.
  await loadRemotePage('mfe_admin', 'AdminPage', false);
  expect(fetchMock).toHaveBeenCalledTimes(1);
});

it('on Retry re-reads the manifest, replaces a moved remote and forces a reload of the failed one only', async () => {
  registerRemotes.mockClear();
  fetchMock.mockResolvedValueOnce(fakeResponse(200, manifest('http://localhost:4002/mf-manifest.json')));
  await loadRemotePage('mfe_admin', 'AdminPage', true);
  expect(fetchMock).toHaveBeenCalledTimes(2);
  expect(registerRemotes.mock.calls).toEqual([
    [[{ name: 'mfe_booking', entry: 'http://localhost:4002/mf-manifest.json' }], { force: true }],
    [[{ name: 'mfe_admin', entry: 'http://localhost/mfe/admin/mf-manifest.json' }], { force: true }],
  ]);
});

it('fails (for the error boundary) when /remotes.json cannot be read, and asks again next time', async () => {
  fetchMock.mockResolvedValueOnce(fakeResponse(503, '', 'Service Unavailable'));
  await expect(loadRemotePage('mfe_booking', 'BookingPage', true)).rejects.toThrow('503: Service Unavailable');
  fetchMock.mockResolvedValueOnce(fakeResponse(200, manifest()));
  await expect(loadRemotePage('mfe_booking', 'BookingPage', false)).resolves.toBeDefined();
});
