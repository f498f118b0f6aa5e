import { css, type Theme } from '@emotion/react';
import { type KeyboardEvent, type ReactNode, useId, useState } from 'react';
import { FieldError, Icon, TextInput } from '@erd/shared-contracts/ui';
import { FieldHint, FieldLabel } from '@erd/shared-contracts/forms';
import { useClubSearch } from '../hooks/use-club-search';
import { CLUB_SEARCH_MIN_LENGTH, type ClubChoice } from '../lib/club-search';

export const NO_CLUB_FOUND = 'Es wurde kein Verein gefunden';
export const CLUBS_UNAVAILABLE = 'Die Vereine konnten gerade nicht geladen werden. Bitte versuche es gleich noch einmal.';

interface ClubSearchProps {
  value: ClubChoice | null;
  onChange: (choice: ClubChoice | null) => void;
  onBlur: () => void;
  onFocus: () => void;
  error?: string;
  /** Below the field: gets the typed text and whether the search found nothing ('Verein nicht gefunden?'). */
  footer?: (search: { query: string; nothingFound: boolean }) => ReactNode;
}

/**
 * The club field of the registration (spec §2/§4): a search box (combobox) whose results show
 * after typing more than 3 characters and hide once a club is chosen. Typing again un-chooses
 * the club, so only a club picked from the results counts.
 */
export function ClubSearch({ value, onChange, onBlur, onFocus, error, footer }: ClubSearchProps) {
  const id = useId();
  const inputId = `${id}-input`;
  const listId = `${id}-results`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [query, setQuery] = useState(value?.clubname ?? '');
  const [dismissed, setDismissed] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const search = useClubSearch(query, !value);

  const results = search.status === 'done' ? search.results : [];
  const nothingFound = !value && search.status === 'done' && search.results.length === 0;
  const listOpen = !value && !dismissed && results.length > 0;

  const choose = (choice: ClubChoice) => {
    setQuery(choice.clubname);
    setActiveIndex(-1);
    onChange(choice);
  };

  const onInput = (text: string) => {
    setQuery(text);
    setDismissed(false);
    setActiveIndex(-1);
    if (value) onChange(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!listOpen) {
      if (event.key === 'Enter') event.preventDefault(); // Enter in the search box never submits the form
      return;
    }
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setActiveIndex((i) => Math.min(results.length - 1, i + 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActiveIndex((i) => Math.max(0, i - 1));
        break;
      case 'Enter':
        event.preventDefault();
        if (results[activeIndex]) choose(results[activeIndex]);
        break;
      case 'Escape':
        event.preventDefault();
        setDismissed(true);
        break;
      default:
        break;
    }
  };

  const describedBy = [hintId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <div>
      <FieldLabel htmlFor={inputId}>Verein</FieldLabel>
      <div
        css={css`
          position: relative;
        `}
      >
        <TextInput
          id={inputId}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={listOpen}
          aria-controls={listId}
          aria-activedescendant={listOpen && activeIndex >= 0 ? `${listId}-${activeIndex}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          invalid={!!error}
          value={query}
          maxLength={120}
          onChange={(event) => onInput(event.target.value)}
          onKeyDown={onKeyDown}
          onFocus={onFocus}
          onBlur={onBlur}
          css={(theme: Theme) => css`
            padding-right: ${theme.space(11)};
          `}
        />
        <span
          css={(theme: Theme) => css`
            position: absolute;
            right: ${theme.space(3)};
            top: 50%;
            transform: translateY(-50%);
            display: flex;
            pointer-events: none;
          `}
        >
          <Icon name={value ? 'check-outline' : 'search'} size="sm" color={value ? 'secondary' : 'primary-dark'} />
        </span>
      </div>
      <FieldHint id={hintId}>
        {value
          ? `Vereinsnummer ${value.clubnumber}`
          : `Gib mindestens ${CLUB_SEARCH_MIN_LENGTH} Zeichen des Vereinsnamens oder die Vereinsnummer ein und wähle deinen Verein aus der Liste.`}
      </FieldHint>
      <ul
        id={listId}
        role="listbox"
        aria-label="Gefundene Vereine"
        hidden={!listOpen}
        css={(theme: Theme) => css`
          margin: ${theme.space(2)} 0 0;
          padding: ${theme.space(1)} 0;
          list-style: none;
          max-height: 18rem;
          overflow-y: auto;
          overscroll-behavior: contain;
          background: ${theme.colors.white};
          border: 2px solid ${theme.colors.border};
          border-radius: ${theme.radius};
          &[hidden] {
            display: none;
          }
        `}
      >
        {listOpen &&
          results.map((choice, index) => (
            <li
              key={choice.clubnumber}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              // Keep the focus in the search box while choosing with the mouse.
              onMouseDown={(event) => event.preventDefault()}
              onMouseEnter={() => setActiveIndex(index)}
              onClick={() => choose(choice)}
              css={(theme: Theme) => css`
                display: flex;
                flex-direction: column;
                justify-content: center;
                min-height: 48px;
                padding: ${theme.space(2)} ${theme.space(3)};
                cursor: pointer;
                overflow-wrap: anywhere;
                &[aria-selected='true'] {
                  background: ${theme.colors.background};
                  outline: 2px solid ${theme.colors.focus};
                  outline-offset: -2px;
                }
              `}
            >
              <span
                css={css`
                  font-weight: 700;
                `}
              >
                {choice.clubname}
              </span>
              <span
                css={(theme: Theme) => css`
                  font-size: 0.875rem;
                  color: ${theme.colors.textMuted};
                `}
              >
                Vereinsnummer {choice.clubnumber}
              </span>
            </li>
          ))}
      </ul>
      <div aria-live="polite">
        {nothingFound && <FieldHint>{NO_CLUB_FOUND}</FieldHint>}
        {!value && search.status === 'loading' && <FieldHint>Vereine werden geladen …</FieldHint>}
        {!value && search.status === 'error' && <FieldError>{CLUBS_UNAVAILABLE}</FieldError>}
      </div>
      {error && <FieldError id={errorId}>{error}</FieldError>}
      {footer?.({ query, nothingFound })}
    </div>
  );
}
