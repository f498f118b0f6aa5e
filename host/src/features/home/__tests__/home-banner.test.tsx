import { screen, within } from '@testing-library/react';
import { mockFetch, renderWithProviders } from '@erd/shared-contracts/testing';
import { SPACE_DATA_PATH, spaceData } from '../../../testing/fixtures';
import { BannerStrip } from '../components/banner-strip';
import { HomePage } from '../components/home-page';

/** The banner strips show the slogans set in the back office (space data), else 'BEREIT ZU PUNKTEN?'. */

const withBanner = () => {
  const data = spaceData();
  data.site.fields = { ...data.site.fields, bannerText1: 'JETZT PUNKTEN!', bannerText2: 'Dein Verein zählt' };
  return data;
};

describe('banner strips', () => {
  it('a strip without a text shows the default slogan; with one, that text', () => {
    const { rerender } = renderWithProviders(<BannerStrip durationSeconds={50} />);
    expect(within(screen.getByTestId('banner-strip')).getAllByText('BEREIT ZU PUNKTEN?').length).toBeGreaterThan(2);
    rerender(<BannerStrip durationSeconds={50} text="" />);
    expect(within(screen.getByTestId('banner-strip')).getAllByText('BEREIT ZU PUNKTEN?').length).toBeGreaterThan(2);
    rerender(<BannerStrip durationSeconds={50} text="Anpfiff!" />);
    expect(within(screen.getByTestId('banner-strip')).queryByText('BEREIT ZU PUNKTEN?')).toBeNull();
    expect(within(screen.getByTestId('banner-strip')).getAllByText('Anpfiff!').length).toBeGreaterThan(2);
  });

  it('the home page shows the space data banner texts; two different texts are both read out once', async () => {
    mockFetch({ [SPACE_DATA_PATH]: { body: withBanner() } });
    renderWithProviders(<HomePage />);
    await screen.findByRole('heading', { name: 'Intro-Überschrift' });
    const [first, second] = screen.getAllByTestId('banner-strip');
    expect(within(first!).getAllByText('JETZT PUNKTEN!').length).toBeGreaterThan(2);
    expect(within(second!).getAllByText('Dein Verein zählt').length).toBeGreaterThan(2);
    expect(screen.queryByText('BEREIT ZU PUNKTEN?')).toBeNull();
    const readable = (text: string) => screen.getAllByText(text).filter((el) => !el.closest('[aria-hidden="true"]'));
    expect(readable('JETZT PUNKTEN!')).toHaveLength(1);
    expect(readable('Dein Verein zählt')).toHaveLength(1);
  });
});
