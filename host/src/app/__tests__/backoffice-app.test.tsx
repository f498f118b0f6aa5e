import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from '@erd/shared-contracts';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { BackofficeRoutes } from '../backoffice-app';
import { loadRemoteModule } from '../remotes/federation';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), loadedRemoteModule: () => undefined }));
const load = jest.mocked(loadRemoteModule);

/** A stand-in for the remote's exposed module: shows where it is mounted. */
function FakeBackoffice() {
  const { pathname } = useLocation();
  return <h1>Backoffice unter {pathname}</h1>;
}

beforeEach(() => {
  localStorage.clear(); // no age consent: the public pages would show the age gate
  load.mockReset();
});
afterEach(() => jest.restoreAllMocks());

it.each(['/backoffice', '/backoffice/anmeldung'])('%s mounts the back-office remote, without header, footer or age gate', async (route) => {
  load.mockResolvedValue({ default: FakeBackoffice });
  renderWithProviders(<BackofficeRoutes />, { route });
  expect(await screen.findByRole('heading', { level: 1, name: `Backoffice unter ${route}` })).toBeInTheDocument();
  expect(load).toHaveBeenCalledWith('mf_backoffice', './BackofficeApp', { retry: false });
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(screen.queryByText('ALT GENUG ZUM PUNKTEN?')).not.toBeInTheDocument();
  expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  expect(screen.queryByRole('contentinfo')).not.toBeInTheDocument();
});

it('the page file itself leads to /backoffice', async () => {
  load.mockResolvedValue({ default: FakeBackoffice });
  renderWithProviders(<BackofficeRoutes />, { route: '/backoffice.html' });
  expect(await screen.findByRole('heading', { name: 'Backoffice unter /backoffice' })).toBeInTheDocument();
});

it('a back office that fails to load shows the fallback with a retry', async () => {
  // The slot logs what failed (and React the error its boundary caught).
  jest.spyOn(console, 'warn').mockImplementation(() => {});
  jest.spyOn(console, 'error').mockImplementation(() => {});
  const user = userEvent.setup();
  load.mockRejectedValueOnce(new Error('manifest 404')).mockResolvedValue({ default: FakeBackoffice });
  renderWithProviders(<BackofficeRoutes />, { route: '/backoffice' });
  expect(await screen.findByTestId('remote-fallback')).toHaveTextContent('Dieser Bereich konnte gerade nicht geladen werden.');
  await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
  expect(await screen.findByRole('heading', { name: 'Backoffice unter /backoffice' })).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('mf_backoffice', './BackofficeApp', { retry: true });
});
