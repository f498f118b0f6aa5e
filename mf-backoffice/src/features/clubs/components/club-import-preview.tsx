import { css, type Theme } from '@emotion/react';
import { type ReactNode } from 'react';
import { TEAM_LABELS } from '@erd/shared-contracts';
import { CLUB_IMPORT_PREVIEW_LIST_MAX, type ClubImportFieldsDto, type ClubImportPreviewDto } from '@erd/shared-contracts/backoffice';
import { table, tableFrame, visuallyHidden } from '../../../components/table-styles';
import { TableHead } from '../../../components/list-table';
import { spaceAbove } from '../../../components/layout-styles';

const label = (c: ClubImportFieldsDto) => (
  <>
    <bdi>{c.clubname}</bdi> ({TEAM_LABELS[c.team]})
  </>
);

/** "Neu (1200)" — and when the server sent only the first ones, says so. */
const listTitle = (title: string, total: number) =>
  total > CLUB_IMPORT_PREVIEW_LIST_MAX ? `${title} (${total}, die ersten ${CLUB_IMPORT_PREVIEW_LIST_MAX} gezeigt)` : `${title} (${total})`;

/** The preview's lists: the bad rows, the new, the changed and the clubs no longer in the file. */
export function ImportPreviewTables({ preview }: { preview: ClubImportPreviewDto }) {
  return (
    <>
      {preview.badRows.length > 0 && (
        <PreviewTable title={listTitle('Fehlerhafte Zeilen', preview.totals.badRows)} id="bad-rows" tone="error">
          <TableHead columns={['Zeile', 'Grund']} />
          <tbody>
            {preview.badRows.map((bad) => (
              <tr key={`${bad.line}-${bad.reason}`}>
                <th scope="row">{bad.line}</th>
                <td>{bad.reason}</td>
              </tr>
            ))}
          </tbody>
        </PreviewTable>
      )}

      {preview.added.length > 0 && (
        <PreviewTable title={listTitle('Neu', preview.totals.added)} id="added">
          <TableHead columns={['Zeile', 'Verein', 'Nummer', 'Website']} />
          <tbody>
            {preview.added.map((c) => (
              <tr key={c.id}>
                <td>{c.line}</td>
                <th scope="row">{label(c)}</th>
                <td>{c.clubnumber}</td>
                <td>{c.linkurl ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </PreviewTable>
      )}

      {preview.changed.length > 0 && (
        <PreviewTable title={listTitle('Geändert', preview.totals.changed)} id="changed">
          <TableHead columns={['Zeile', 'Vorher', 'Nachher']} />
          <tbody>
            {preview.changed.map((c) => (
              <tr key={c.id}>
                <td>{c.line}</td>
                <td>
                  {label(c.before)}, {c.before.clubnumber}
                  <br />
                  {c.before.linkurl ?? 'keine Website'}
                </td>
                <th scope="row">
                  {label(c.after)}, {c.after.clubnumber}
                  <br />
                  {c.after.linkurl ?? 'keine Website'}
                </th>
              </tr>
            ))}
          </tbody>
        </PreviewTable>
      )}

      {(preview.removed.length > 0 || preview.kept.length > 0) && (
        <PreviewTable title={listTitle('Nicht mehr in der Datei', preview.totals.removed + preview.totals.kept)} id="removed">
          <TableHead columns={['Verein', 'Nummer', 'Folge']} />
          <tbody>
            {preview.removed.map((c) => (
              <tr key={c.id}>
                <th scope="row">{label(c)}</th>
                <td>{c.clubnumber}</td>
                <td>wird entfernt</td>
              </tr>
            ))}
            {preview.kept.map((c) => (
              <tr key={c.id}>
                <th scope="row">{label(c)}</th>
                <td>{c.clubnumber}</td>
                <td>bleibt (hat ein Konto oder Beiträge)</td>
              </tr>
            ))}
          </tbody>
        </PreviewTable>
      )}
    </>
  );
}

function PreviewTable({ title, id, tone, children }: { title: string; id: string; tone?: 'error'; children: ReactNode }) {
  return (
    <div css={spaceAbove(6)}>
      <h3
        id={`club-import-${id}`}
        css={(theme: Theme) => css`
          margin: 0 0 ${theme.space(2)};
          font-size: 1.125rem;
          color: ${tone === 'error' ? theme.colors.error : 'inherit'};
        `}
      >
        {title}
      </h3>
      <div role="region" aria-labelledby={`club-import-${id}`} tabIndex={0} css={tableFrame}>
        <table css={table}>
          <caption css={visuallyHidden}>{title}</caption>
          {children}
        </table>
      </div>
    </div>
  );
}
