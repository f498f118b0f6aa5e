import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { RemoteSlot } from '../remote-slot';
import { loadedRemoteModule, loadRemoteModule } from '../remotes/federation';

jest.mock('../remotes/federation', () => ({ loadRemoteModule: jest.fn(), loadedRemoteModule: jest.fn() }));
const load = jest.mocked(loadRemoteModule);
const arrived = jest.mocked(loadedRemoteModule);

const Standings = ({ team }: { team?: string }) => <h1>Tabelle {team ?? 'alle'}</h1>;

beforeEach(() => {
  load.mockReset();
  arrived.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => jest.restoreAllMocks());

it('renders a module that has already arrived in its first commit, without the spinner', () => {
  arrived.mockReturnValue({ default: Standings });
  renderWithProviders(<RemoteSlot remote="mf_standings" module="./StandingsApp" props={{ team: 'w' }} />);
  expect(screen.getByRole('heading', { level: 1, name: 'Tabelle w' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
  expect(arrived).toHaveBeenCalledWith('mf_standings', './StandingsApp');
  expect(load).not.toHaveBeenCalled();
});

it('shows the spinner while a module is still on its way, then the module', async () => {
  arrived.mockReturnValue(undefined);
  let resolve!: (module: unknown) => void;
  load.mockReturnValue(new Promise((r) => (resolve = r)));
  renderWithProviders(<RemoteSlot remote="mf_standings" module="./StandingsApp" />);
  expect(screen.getByRole('status')).toHaveTextContent('Wird geladen …');
  await act(async () => resolve({ default: Standings }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Tabelle alle' })).toBeInTheDocument();
});

it('a module without a component is a load error with the German fallback, and its retry loads again', async () => {
  arrived.mockReturnValue({ default: undefined });
  load.mockResolvedValueOnce({ default: 'nothing' }).mockResolvedValueOnce({ default: Standings });
  renderWithProviders(<RemoteSlot remote="mf_standings" module="./StandingsApp" />);
  expect(
    await screen.findByText('Dieser Bereich konnte gerade nicht geladen werden. Bitte versuche es gleich noch einmal.'),
  ).toBeInTheDocument();
  arrived.mockReturnValue(undefined);
  await userEvent.click(screen.getByRole('button'));
  expect(await screen.findByRole('heading', { level: 1, name: 'Tabelle alle' })).toBeInTheDocument();
  expect(load).toHaveBeenLastCalledWith('mf_standings', './StandingsApp', { retry: true });
});
