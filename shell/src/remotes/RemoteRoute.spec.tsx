import { useContext } from 'react';
import { ConfigProvider } from 'antd';
import { jest } from '@jest/globals';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderAt, setupI18n } from '../test-utils';
import { RemoteRoute } from './RemoteRoute';
import type { RemotePageLoader, RemotePageModule } from './registry';

beforeAll(() => setupI18n('en'), 60_000);
beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

// antd (behind WithAntd) is loaded lazily, which is slow under Jest's ESM loader.
const SLOW = { timeout: 15_000 };

const page = (Component: () => React.ReactNode): RemotePageModule => ({ default: Component });

it('shows the unavailable panel when the remote fails to load, and Retry really reloads it', async () => {
  const load = jest
    .fn<RemotePageLoader>()
    .mockRejectedValueOnce(new Error('remote down'))
    .mockResolvedValueOnce(page(() => <h1>Catalogue page</h1>));
  renderAt(<RemoteRoute remote="mfe_catalogue" module="ServicesPage" load={load} />);

  const alert = await screen.findByRole('alert', {}, SLOW);
  expect(alert).toHaveTextContent('This section is temporarily unavailable');
  expect(load).toHaveBeenLastCalledWith('mfe_catalogue', 'ServicesPage', false);

  await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'Catalogue page' }, SLOW)).toBeInTheDocument();
  expect(load).toHaveBeenCalledTimes(2);
  expect(load).toHaveBeenLastCalledWith('mfe_catalogue', 'ServicesPage', true);
}, 30_000);

it('contains a remote page that throws while rendering', async () => {
  const load = jest.fn<RemotePageLoader>().mockResolvedValue(
    page(() => {
      throw new Error('boom');
    }),
  );
  renderAt(
    <>
      <p>Rest of the shell</p>
      <RemoteRoute remote="mfe_admin" module="AdminPage" load={load} />
    </>,
  );
  expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('This section is temporarily unavailable');
  expect(screen.getByText('Rest of the shell')).toBeInTheDocument();
}, 30_000);

/** Names the antd locale the page sees: set only inside WithAntd's ConfigProvider. */
function AntdLocaleProbe() {
  const { locale } = useContext(ConfigProvider.ConfigContext);
  return <h1>{locale?.locale ? `antd locale ${locale.locale}` : 'no antd providers'}</h1>;
}

it('mounts a page inside antd providers unless it declares usesAntd: false', async () => {
  const withAntd = jest.fn<RemotePageLoader>().mockResolvedValue(page(AntdLocaleProbe));
  const { unmount } = renderAt(<RemoteRoute remote="mfe_booking" module="BookingPage" load={withAntd} />);
  expect(await screen.findByRole('heading', { name: 'antd locale en' }, SLOW)).toBeInTheDocument();
  unmount();

  const bare = jest.fn<RemotePageLoader>().mockResolvedValue({ ...page(AntdLocaleProbe), usesAntd: false });
  renderAt(<RemoteRoute remote="mfe_catalogue" module="ServicesPage" load={bare} />);
  expect(await screen.findByRole('heading', { name: 'no antd providers' }, SLOW)).toBeInTheDocument();
}, 30_000);
