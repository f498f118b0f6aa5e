import type { Interpolation, Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { table, tableFrame, visuallyHidden } from './table-styles';

/** A column that shows nothing but is named for a screen reader ('Aktionen'). */
export type HiddenColumn = { hidden: string };
/** A column of numbers: its head aligns right like its cells (`TableRegion`'s `number` class). */
export type NumberColumn = { number: ReactNode };
export type Column = ReactNode | HiddenColumn | NumberColumn;

const isHidden = (column: Column): column is HiddenColumn => typeof column === 'object' && column !== null && 'hidden' in column;
const isNumber = (column: Column): column is NumberColumn => typeof column === 'object' && column !== null && 'number' in column;

/**
 * A table's `<thead>`: one `<th scope="col">` per entry of `columns` (text or markup; `{ hidden }`
 * for a column that is named only for a screen reader, `{ number }` for a column of numbers).
 */
export function TableHead({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, index) =>
          isNumber(column) ? (
            <th key={index} scope="col" className="number">
              {column.number}
            </th>
          ) : (
            <th key={index} scope="col">
              {isHidden(column) ? <span css={visuallyHidden}>{column.hidden}</span> : column}
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}

/**
 * A list as a table in its scrolling, keyboard-focusable region (`label` names the region): the
 * caption for a screen reader (what is sorted how, which page), one `<th scope="col">` per entry of
 * `columns` (`{ hidden }` for a column read out only) and the rows (`children`, inside `<tbody>`).
 * `look` adds to the table's style, `frame` replaces the region's (`table-styles.ts`).
 */
export function ListTable({
  label,
  caption,
  columns,
  look,
  frame = tableFrame,
  children,
}: {
  label: string;
  caption?: ReactNode;
  columns: readonly Column[];
  look?: Interpolation<Theme>;
  frame?: Interpolation<Theme>;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} css={frame}>
      <table css={[table, look]}>
        {caption && <caption css={visuallyHidden}>{caption}</caption>}
        <TableHead columns={columns} />
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
