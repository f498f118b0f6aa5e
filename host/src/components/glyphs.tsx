import { css } from '@emotion/react';
import type { ReactElement } from 'react';

/** Small line glyphs (calendar, trophy, clock) the shared icon set has not: decorative, in the text's colour. */
export type GlyphName = 'calendar' | 'trophy' | 'clock';

const drawings: Record<GlyphName, ReactElement> = {
  calendar: (
    <>
      <rect x="3.5" y="5" width="17" height="15" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </>
  ),
  trophy: (
    <>
      <path d="M7 4h10v5a5 5 0 0 1-10 0V4z" />
      <path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3M8 20h8M9.5 17h5" />
    </>
  ),
  clock: (
    <>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" />
    </>
  ),
};

export function Glyph({ name, className }: { name: GlyphName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      css={css`
        width: 1.25em;
        height: 1.25em;
        flex-shrink: 0;
      `}
    >
      {drawings[name]}
    </svg>
  );
}
