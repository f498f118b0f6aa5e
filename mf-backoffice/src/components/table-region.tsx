import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';

/**
 * A table in a scrollable, focusable region (narrow screens scroll it sideways, not the page), with
 * the back office's table look; `number` cells align right with even digits.
 */
export function TableRegion({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      css={(theme: Theme) => css`
        overflow-x: auto;
        /* As a grid or flex item it would otherwise grow to the table's width and scroll the page; and
           the visually hidden texts in its cells (position: absolute) stay inside its scrolling. */
        position: relative;
        min-width: 0;
        max-width: 100%;
        border: 1px solid ${theme.colors.border};
        border-radius: ${theme.radius};
        background: ${theme.colors.surface};
        &:focus-visible {
          outline: 3px solid ${theme.colors.focus};
        }
        table {
          width: 100%;
          border-collapse: collapse;
        }
        th,
        td {
          padding: ${theme.space(2)} ${theme.space(3)};
          text-align: left;
          vertical-align: top;
          border-bottom: 1px solid ${theme.colors.border};
        }
        thead th {
          font-size: 0.875rem;
        }
        td.number,
        th.number {
          text-align: right;
          font-variant-numeric: tabular-nums;
        }
      `}
    >
      {children}
    </div>
  );
}
