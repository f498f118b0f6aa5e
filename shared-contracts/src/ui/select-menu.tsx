import { css, type Theme } from '@emotion/react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Icon } from './icon.js';

/**
 * A select-only combobox (WAI-ARIA APG pattern): a visible label, a focusable box showing the
 * current value and a listbox of options. Keyboard: ArrowDown/ArrowUp/Enter/Space open it,
 * ArrowUp/ArrowDown/Home/End move, Enter/Space choose, Escape and Tab close. Choosing an option
 * or clicking outside closes it. Used for the participation sort and similar short choices.
 */

export interface SelectMenuOption<T extends string> {
  value: T;
  label: string;
}

export interface SelectMenuProps<T extends string> {
  label: string;
  options: readonly SelectMenuOption<T>[];
  /** The chosen value; null (or a value not among the options) shows the placeholder. */
  value: T | null;
  onChange: (value: T) => void;
  /** Put label and box on one line (default) or the label above. */
  inline?: boolean;
  disabled?: boolean;
  /** Shown while nothing is chosen. */
  placeholder?: string;
  /** Called when the focus leaves the whole widget (forms mark the field touched). */
  onBlur?: () => void;
  /** Marks the box invalid (red border, aria-invalid). */
  invalid?: boolean;
  /** id of an element describing the box, e.g. its error message. */
  describedBy?: string;
  /** Stretch the box to the full width of its container. */
  block?: boolean;
}

export function SelectMenu<T extends string>({
  label,
  options,
  value,
  onChange,
  inline = true,
  disabled = false,
  placeholder = '',
  onBlur,
  invalid = false,
  describedBy,
  block = false,
}: SelectMenuProps<T>) {
  const id = useId();
  const labelId = `${id}-label`;
  const listboxId = `${id}-listbox`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const selectedIndex = options.findIndex((o) => o.value === value);
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(Math.max(0, selectedIndex));
  const rootRef = useRef<HTMLDivElement>(null);
  const comboRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (rootRef.current && !rootRef.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const openList = (index = Math.max(0, selectedIndex)) => {
    if (disabled) return;
    setActiveIndex(index);
    setOpen(true);
  };

  const choose = (index: number) => {
    setOpen(false);
    comboRef.current?.focus();
    const option = options[index];
    if (option && option.value !== value) onChange(option.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const last = options.length - 1;
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(event.key)) {
        event.preventDefault();
        openList();
      } else if (event.key === 'Home' || event.key === 'End') {
        event.preventDefault();
        openList(event.key === 'Home' ? 0 : last);
      }
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((i) => Math.min(last, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (event.altKey) choose(activeIndex);
        else setActiveIndex((i) => Math.max(0, i - 1));
        break;
      case 'Home':
        event.preventDefault();
        setActiveIndex(0);
        break;
      case 'End':
        event.preventDefault();
        setActiveIndex(last);
        break;
      case 'Enter':
      case ' ':
        event.preventDefault();
        choose(activeIndex);
        break;
      case 'Escape':
        event.preventDefault();
        setOpen(false);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  return (
    <div
      ref={rootRef}
      css={(theme: Theme) => css`
        position: relative;
        display: ${block ? 'flex' : 'inline-flex'};
        flex-direction: ${inline ? 'row' : 'column'};
        align-items: ${inline ? 'center' : 'stretch'};
        gap: ${theme.space(2)};
      `}
    >
      <span
        id={labelId}
        css={css`
          font-weight: 700;
        `}
        onClick={() => comboRef.current?.focus()}
      >
        {label}
      </span>
      <div
        css={css`
          position: relative;
        `}
      >
        <div
          ref={comboRef}
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          aria-labelledby={labelId}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open ? optionId(activeIndex) : undefined}
          aria-disabled={disabled || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          onClick={() => (open ? setOpen(false) : openList())}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            if (!rootRef.current?.contains(event.relatedTarget as Node | null)) {
              setOpen(false);
              onBlur?.();
            }
          }}
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            justify-content: space-between;
            gap: ${theme.space(3)};
            min-width: 11rem;
            min-height: 44px;
            padding: ${theme.space(2)} ${theme.space(3)};
            border: 2px solid ${invalid ? theme.colors.error : theme.colors.border};
            border-radius: ${theme.radius};
            background: ${theme.colors.white};
            color: ${theme.colors.textDark};
            cursor: ${disabled ? 'not-allowed' : 'pointer'};
            opacity: ${disabled ? 0.6 : 1};
            user-select: none;
            &:focus-visible {
              outline: 3px solid ${theme.colors.focus};
              outline-offset: 2px;
            }
          `}
        >
          <span
            css={(theme: Theme) => css`
              color: ${selectedIndex === -1 ? theme.colors.textMuted : 'inherit'};
            `}
          >
            {options[selectedIndex]?.label ?? placeholder}
          </span>
          <Icon
            name="arrow-outline"
            size="xs"
            color="primary-dark"
            css={css`
              transform: rotate(${open ? -90 : 90}deg);
              transition: transform 0.15s;
            `}
          />
        </div>
        <ul
          id={listboxId}
          role="listbox"
          aria-labelledby={labelId}
          tabIndex={-1}
          hidden={!open}
          css={(theme: Theme) => css`
            position: absolute;
            z-index: 10;
            top: calc(100% + ${theme.space(1)});
            left: 0;
            right: 0;
            margin: 0;
            padding: ${theme.space(1)} 0;
            list-style: none;
            background: ${theme.colors.white};
            color: ${theme.colors.textDark};
            border: 2px solid ${theme.colors.border};
            border-radius: ${theme.radius};
            box-shadow: 0 6px 18px rgba(11, 42, 74, 0.18);
            &[hidden] {
              display: none;
            }
          `}
        >
          {options.map((option, index) => (
            <li
              key={option.value}
              id={optionId(index)}
              role="option"
              aria-selected={index === selectedIndex}
              data-active={open && index === activeIndex ? '' : undefined}
              // Keep the focus on the combobox while clicking an option.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActiveIndex(index)}
              onClick={() => choose(index)}
              css={(theme: Theme) => css`
                display: flex;
                align-items: center;
                justify-content: space-between;
                gap: ${theme.space(2)};
                min-height: 44px;
                padding: ${theme.space(2)} ${theme.space(3)};
                cursor: pointer;
                &[data-active] {
                  background: ${theme.colors.background};
                  outline: 2px solid ${theme.colors.focus};
                  outline-offset: -2px;
                }
                &[aria-selected='true'] {
                  font-weight: 700;
                }
              `}
            >
              {option.label}
              {index === selectedIndex && <Icon name="check-outline" size="xs" color="secondary" />}
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
