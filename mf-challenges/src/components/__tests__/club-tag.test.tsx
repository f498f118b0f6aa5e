import { screen } from '@testing-library/react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { club } from '../../testing/fixtures';
import { ClubTag } from '../club-tag';

it('isolates the club name (<bdi>) from the team beside it, so a right-to-left override stays inside the name', () => {
  const rtl = club(7, 'w');
  rtl.fields.clubname = 'SV \u202Eneppahcstuo';
  renderWithProviders(<ClubTag club={rtl} />);

  const link = screen.getByRole('link');
  const name = link.querySelector('bdi');
  expect(name?.textContent).toBe(rtl.fields.clubname);
  expect(link.textContent).toContain('Damen');
  expect(name?.textContent).not.toContain('Damen');
});
