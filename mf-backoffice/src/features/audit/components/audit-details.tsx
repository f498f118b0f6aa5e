import { css, type Theme } from '@emotion/react';
import type { ReactNode } from 'react';
import { TableHead } from '../../../components/list-table';
import { stack } from '../../../components/layout-styles';

/** A value of the details as text: plain values as they are, lists and objects as JSON. */
function text(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 1);
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const tableCss = (theme: Theme) => css`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9375rem;
  th,
  td {
    padding: ${theme.space(1)} ${theme.space(2)};
    text-align: left;
    vertical-align: top;
    border-bottom: 1px solid ${theme.colors.border};
    white-space: pre-wrap;
    overflow-wrap: anywhere;
  }
`;

/** One of the details' tables, its caption ('… : Angaben') above it as a heading. */
function DetailsTable({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <table css={tableCss}>
      <caption
        css={css`
          text-align: left;
          font-weight: 700;
        `}
      >
        {caption}
      </caption>
      {children}
    </table>
  );
}

/**
 * An audit entry's details, readable: `before`/`after` side by side per field (changed fields
 * marked), every other field as a line of its own.
 */
export function AuditDetails({ details, label }: { details: Record<string, unknown>; label: string }) {
  const { before, after, ...rest } = details;
  const hasChange = isObject(before) || isObject(after);
  const restKeys = Object.keys(hasChange ? rest : details);
  const changeKeys = hasChange
    ? [...new Set([...Object.keys(isObject(before) ? before : {}), ...Object.keys(isObject(after) ? after : {})])]
    : [];
  if (!restKeys.length && !changeKeys.length) return <p>Keine weiteren Angaben.</p>;
  return (
    <div css={stack(3)}>
      {changeKeys.length > 0 && (
        <DetailsTable caption={`${label}: vorher und nachher`}>
          <TableHead columns={['Feld', 'Vorher', 'Nachher']} />
          <tbody>
            {changeKeys.map((key) => {
              const was = isObject(before) ? before[key] : undefined;
              const is = isObject(after) ? after[key] : undefined;
              const changed = JSON.stringify(was) !== JSON.stringify(is);
              return (
                <tr key={key}>
                  <th scope="row">
                    {key}
                    {changed && <span> (geändert)</span>}
                  </th>
                  <td>{text(was)}</td>
                  <td>{text(is)}</td>
                </tr>
              );
            })}
          </tbody>
        </DetailsTable>
      )}
      {restKeys.length > 0 && (
        <DetailsTable caption={`${label}: Angaben`}>
          <tbody>
            {restKeys.map((key) => (
              <tr key={key}>
                <th scope="row">{key}</th>
                <td>{text((hasChange ? rest : details)[key])}</td>
              </tr>
            ))}
          </tbody>
        </DetailsTable>
      )}
    </div>
  );
}
