import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { seasonAdminPaths } from '@erd/shared-contracts/schemas';
import { mockFetch, mockXhr, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { PREVIEW_PATH } from '../components/preview-bar';
import { PreviewSlot } from '../components/preview-slot';

/** loadSpaceData() keeps the first answer for the page: this file's page is in an operator's preview of 2027. */
beforeEach(() => {
  const data = spaceData();
  mockFetch({
    [SPACE_DATA_PATH]: { body: { ...data, year: { ...data.year, fields: { ...data.year.fields, year: 2027 } }, preview: true } },
  });
});

describe('the Vorschau bar (issue 26)', () => {
  it('is fixed on the page and says which season is previewed', async () => {
    renderWithProviders(<PreviewSlot reload={() => {}} />);
    const bar = await screen.findByRole('complementary', { name: 'Vorschau' });
    expect(within(bar).getByRole('status')).toHaveTextContent('Vorschau: Saison 2027 – so sieht die Seite nach dem Wechsel aus');
    expect(within(bar).getByRole('button', { name: 'Vorschau beenden' })).toBeEnabled();
    expect(getComputedStyle(bar).position).toBe('fixed');
  });

  it("'Vorschau beenden' ends the preview on the server and loads the page again", async () => {
    const xhr = mockXhr({ [`DELETE ${PREVIEW_PATH}`]: { status: 204 } });
    const reload = jest.fn();
    renderWithProviders(<PreviewSlot reload={reload} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Vorschau beenden' }));
    await waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(xhr).toHaveBeenCalledTimes(1);
    const [url, init] = xhr.mock.calls[0]!;
    expect([String(url), init]).toEqual([
      `http://localhost${PREVIEW_PATH}`,
      expect.objectContaining({ method: 'DELETE', headers: expect.objectContaining({ 'x-xsrf-token': expect.any(String) }) }),
    ]);
  });

  it('says so when the preview could not be ended, and keeps the page', async () => {
    mockXhr({ [`DELETE ${PREVIEW_PATH}`]: { status: 0 } });
    const reload = jest.fn();
    renderWithProviders(<PreviewSlot reload={reload} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Vorschau beenden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Die Vorschau konnte gerade nicht beendet werden.');
    expect(reload).not.toHaveBeenCalled();
  });

  it('uses the contract’s path', () => {
    expect(PREVIEW_PATH).toBe(seasonAdminPaths.preview);
  });
});
