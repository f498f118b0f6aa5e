import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { renderWithProviders } from '@erd/shared-contracts/testing';
import { SelectMenu } from './select-menu';

const options = [
  { value: 'newest', label: 'Neueste' },
  { value: 'likes', label: 'Beliebtheit' },
] as const;

function Harness({ onChange }: { onChange: (v: string) => void }) {
  const [value, setValue] = useState<'newest' | 'likes'>('newest');
  return (
    <>
      <SelectMenu
        label="Sortieren nach"
        options={options}
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
      <button type="button">Außerhalb</button>
    </>
  );
}

it('opens with the keyboard, moves with the arrow keys, chooses with Enter and closes', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderWithProviders(<Harness onChange={onChange} />);
  const combo = screen.getByRole('combobox', { name: 'Sortieren nach' });
  expect(combo).toHaveTextContent('Neueste');
  expect(combo).toHaveAttribute('aria-expanded', 'false');

  await user.tab();
  expect(combo).toHaveFocus();
  await user.keyboard('{ArrowDown}');
  expect(combo).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('listbox', { name: 'Sortieren nach' })).toBeVisible();
  expect(combo).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Neueste' }).id);

  await user.keyboard('{ArrowDown}');
  expect(combo).toHaveAttribute('aria-activedescendant', screen.getByRole('option', { name: 'Beliebtheit' }).id);
  await user.keyboard('{Enter}');
  expect(onChange).toHaveBeenCalledWith('likes');
  expect(combo).toHaveAttribute('aria-expanded', 'false');
  expect(combo).toHaveTextContent('Beliebtheit');
  expect(combo).toHaveFocus();
});

it('closes on Escape without changing the value, and on a click outside', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderWithProviders(<Harness onChange={onChange} />);
  const combo = screen.getByRole('combobox', { name: 'Sortieren nach' });

  await user.click(combo);
  expect(combo).toHaveAttribute('aria-expanded', 'true');
  await user.keyboard('{ArrowDown}{Escape}');
  expect(combo).toHaveAttribute('aria-expanded', 'false');
  expect(onChange).not.toHaveBeenCalled();

  await user.click(combo);
  await user.click(screen.getByRole('button', { name: 'Außerhalb' }));
  expect(combo).toHaveAttribute('aria-expanded', 'false');
});

it('chooses an option by clicking it', async () => {
  const user = userEvent.setup();
  const onChange = jest.fn();
  renderWithProviders(<Harness onChange={onChange} />);
  await user.click(screen.getByRole('combobox', { name: 'Sortieren nach' }));
  await user.click(screen.getByRole('option', { name: 'Beliebtheit' }));
  expect(onChange).toHaveBeenCalledWith('likes');
  expect(screen.getByRole('option', { name: 'Beliebtheit', hidden: true })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveAttribute('aria-expanded', 'false');
});
