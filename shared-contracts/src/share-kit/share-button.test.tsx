import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { ShareButton } from './share-button';

/** 'Teilen' (issue 23): shared links carry their channel, the device share `via=share`, a copied link `via=copy`. */

const url = 'https://punktejagd.example/challenge/c-1/t-12';

function setNavigator(key: 'share' | 'canShare' | 'clipboard', value: unknown) {
  Object.defineProperty(navigator, key, { value, configurable: true, writable: true });
}

afterEach(() => {
  const nav = navigator as unknown as Record<string, unknown>;
  delete nav.share;
  delete nav.canShare;
  delete nav.clipboard;
});

function renderButton(text?: string) {
  return renderWithProviders(
    <div>
      <ShareButton title="Euer bester Schlachtruf" text={text} url={url} linkLabel="Link zum Beitrag" />
    </div>,
  );
}

it('uses the device share function with title, text and the address marked via=share', async () => {
  const share = jest.fn().mockResolvedValue(undefined);
  setNavigator('share', share);
  const user = userEvent.setup();
  renderButton('Eching vor!');
  await user.click(screen.getByRole('button', { name: 'Teilen' }));
  expect(share).toHaveBeenCalledWith({ title: 'Euer bester Schlachtruf', text: 'Eching vor!', url: `${url}?via=share` });
  expect(screen.queryByText('Link kopiert')).not.toBeInTheDocument();
});

it('without a text it shares title and address; a cancelled share is no error', async () => {
  const share = jest.fn().mockRejectedValue(Object.assign(new Error('cancelled'), { name: 'AbortError' }));
  setNavigator('share', share);
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  setNavigator('clipboard', { writeText });
  renderButton();
  await user.click(screen.getByRole('button', { name: 'Teilen' }));
  expect(share).toHaveBeenCalledWith({ title: 'Euer bester Schlachtruf', url: `${url}?via=share` });
  expect(writeText).not.toHaveBeenCalled();
  expect(screen.queryByText('Link kopiert')).not.toBeInTheDocument();
});

it('without a share function the address is copied (marked via=copy), with a visible confirmation', async () => {
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  setNavigator('clipboard', { writeText });
  renderButton('Eching vor!');
  await user.click(screen.getByRole('button', { name: 'Teilen' }));
  expect(writeText).toHaveBeenCalledWith(`${url}?via=copy`);
  expect(await screen.findByText('Link kopiert')).toBeVisible();
  expect(screen.getByText('Link kopiert')).toHaveAttribute('role', 'status');
});

it('a share function that cannot share this falls back to copying', async () => {
  const share = jest.fn();
  setNavigator('share', share);
  setNavigator('canShare', () => false);
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  setNavigator('clipboard', { writeText });
  renderButton('Eching vor!');
  await user.click(screen.getByRole('button', { name: 'Teilen' }));
  expect(share).not.toHaveBeenCalled();
  expect(writeText).toHaveBeenCalledWith(`${url}?via=copy`);
});

it('a share function that fails (not cancelled) falls back to copying, with the confirmation', async () => {
  const share = jest.fn().mockRejectedValue(Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }));
  setNavigator('share', share);
  const user = userEvent.setup();
  const writeText = jest.fn().mockResolvedValue(undefined);
  setNavigator('clipboard', { writeText });
  renderButton('Eching vor!');
  await user.click(screen.getByRole('button', { name: 'Teilen' }));
  expect(share).toHaveBeenCalled();
  expect(writeText).toHaveBeenCalledWith(`${url}?via=copy`);
  expect(await screen.findByText('Link kopiert')).toBeVisible();
});

it('when copying is impossible too, the address is shown to copy by hand under the given label', async () => {
  const user = userEvent.setup();
  setNavigator('clipboard', undefined);
  renderButton('Eching vor!');
  await user.click(screen.getByRole('button', { name: 'Teilen' }));
  const field = await screen.findByRole('textbox', { name: 'Link zum Beitrag' });
  expect(field).toHaveValue(`${url}?via=copy`);
  expect(field).toHaveAttribute('readonly');
  expect(screen.queryByText('Link kopiert')).not.toBeInTheDocument();
});
