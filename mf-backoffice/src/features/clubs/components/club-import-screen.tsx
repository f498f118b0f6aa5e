import { css, type Theme } from '@emotion/react';
import { type ChangeEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { isApiError, Link, TEAM_LABELS } from '@erd/shared-contracts';
import {
  backofficePaths,
  CLUB_IMPORT_PREVIEW_LIST_MAX,
  type ClubCsvEncodingDto,
  type ClubImportFieldsDto,
  type ClubImportPreviewDto,
  type ClubImportResultDto,
} from '@erd/shared-contracts/backoffice';
import { FieldHint, FieldLabel, FormMessage } from '@erd/shared-contracts/forms';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { Panel, ScreenHeader } from '../../../components/screen';
import { useOperatorSession } from '../../../lib/operator-session';
import { applyClubImport, CLUB_CSV_MAX_BYTES, previewClubImport } from '../api/import-clubs';
import { table, tableFrame, visuallyHidden } from '../../../components/table-styles';

export const importTexts = {
  chooseFile: 'Wähle eine CSV-Datei (höchstens 2 MB).',
  tooBig: 'Die Datei ist größer als 2 MB.',
  notCsv: 'Wähle eine CSV-Datei (Endung .csv).',
  unreadable: 'Die Datei konnte nicht gelesen werden.',
  checking: 'Die Datei wird geprüft …',
  applying: 'Die Vereine werden übernommen …',
  failed: 'Das hat gerade nicht geklappt. Bitte versuche es gleich noch einmal.',
  forbidden: 'Den CSV-Import machen Administratoren.',
  badRows: 'Die Datei hat fehlerhafte Zeilen. Korrigiere sie und wähle die Datei erneut; erst dann kannst du übernehmen.',
  stale: 'Die Vereinsliste hat sich seit der Vorschau geändert. Die Vorschau ist neu geladen; prüfe sie und übernimm dann.',
} as const;

/** How the server read the file (German, for the preview). */
export const encodingLabels: Record<ClubCsvEncodingDto, string> = {
  'utf-8': 'UTF-8',
  'utf-8-bom': 'UTF-8 mit BOM (Excel „CSV UTF-8“)',
  'windows-1252': 'Windows-1252 (Excel)',
};

type Step =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'preview'; csv: ArrayBuffer; name: string; preview: ClubImportPreviewDto }
  | { status: 'applying'; csv: ArrayBuffer; name: string; preview: ClubImportPreviewDto }
  | { status: 'done'; result: ClubImportResultDto };

/** The club's name isolated (`<bdi>`): its writing direction never pulls the team into it. */
const label = (c: ClubImportFieldsDto) => (
  <>
    <bdi>{c.clubname}</bdi> ({TEAM_LABELS[c.team]})
  </>
);

/** "Neu (1200)" — and when the server sent only the first ones, says so. */
const listTitle = (title: string, total: number) =>
  total > CLUB_IMPORT_PREVIEW_LIST_MAX ? `${title} (${total}, die ersten ${CLUB_IMPORT_PREVIEW_LIST_MAX} gezeigt)` : `${title} (${total})`;

/**
 * 'CSV importieren' (admins): choose a clubs CSV (the season's clubs.csv format) → the server's
 * preview (new, changed with before/after, removed, kept, bad rows with line and reason; nothing
 * written) → 'Übernehmen' (only without bad rows; the server applies exactly the previewed file)
 * → the result. Moderators get a note instead.
 */
export function ClubImportScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = state.status === 'signed-in' && state.operator.role === 'admin';
  const [step, setStep] = useState<Step>({ status: 'idle' });
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (step.status === 'done') resultHeading.current?.focus();
  }, [step.status]);

  const fail = (error: unknown) => {
    if (isApiError(error) && error.status === 401) signedOut('expired');
    else if (isApiError(error) && error.status === 403) setNotice(importTexts.forbidden);
    else if (isApiError(error) && error.status === 400) setFieldError(error.message);
    else setNotice(importTexts.failed);
  };

  const check = async (csv: ArrayBuffer, name: string) => {
    setStep({ status: 'checking' });
    try {
      const preview = await previewClubImport(csv);
      setStep({ status: 'preview', csv, name, preview });
    } catch (error) {
      setStep({ status: 'idle' });
      fail(error);
    }
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    setFieldError(null);
    setNotice(null);
    const file = event.target.files?.[0];
    if (!file) return;
    if (!/\.csv$/i.test(file.name)) return setFieldError(importTexts.notCsv);
    if (file.size > CLUB_CSV_MAX_BYTES) return setFieldError(importTexts.tooBig);
    let csv: ArrayBuffer;
    try {
      csv = await readBytes(file);
    } catch {
      return setFieldError(importTexts.unreadable);
    }
    await check(csv, file.name);
  };

  const onApply = async () => {
    if (step.status !== 'preview') return;
    setNotice(null);
    setStep({ ...step, status: 'applying' });
    try {
      const result = await applyClubImport(step.csv, step.preview.previewHash);
      setStep({ status: 'done', result });
      if (input.current) input.current.value = '';
    } catch (error) {
      if (isApiError(error) && error.status === 409) {
        setNotice(importTexts.stale);
        await check(step.csv, step.name);
        return;
      }
      setStep({ ...step, status: 'preview' });
      fail(error);
    }
  };

  if (!isAdmin) {
    return (
      <section aria-labelledby="club-import-title">
        <ScreenHeader title="CSV importieren" titleId="club-import-title" />
        <Panel>
          <p>{importTexts.forbidden}</p>
          <Link to={backofficePaths.clubs}>Zur Vereinsliste</Link>
        </Panel>
      </section>
    );
  }

  const preview = step.status === 'preview' || step.status === 'applying' ? step.preview : null;
  const fileName = step.status === 'preview' || step.status === 'applying' ? step.name : '';
  const canApply = step.status === 'preview' && step.preview.badRows.length === 0;
  const totals = preview?.totals;
  const nothingToDo = totals && !totals.added && !totals.changed && !totals.removed;

  return (
    <section aria-labelledby="club-import-title">
      <ScreenHeader
        title="CSV importieren"
        titleId="club-import-title"
        intro="Vereinsliste im Format der Season (clubnumber, clubname, team, logourl, linkurl). Erst die Vorschau, dann übernehmen."
      >
        <Link to={backofficePaths.clubs}>Zur Vereinsliste</Link>
      </ScreenHeader>

      <Panel
        css={(theme: Theme) => css`
          margin-bottom: ${theme.space(6)};
        `}
      >
        <FieldLabel htmlFor="club-import-file">CSV-Datei</FieldLabel>
        <FieldHint id="club-import-hint">{importTexts.chooseFile} Logos lädst du beim Verein hoch; lass die Spalte logourl leer.</FieldHint>
        <input
          ref={input}
          id="club-import-file"
          type="file"
          accept=".csv,text/csv"
          aria-describedby={fieldError ? 'club-import-hint club-import-error' : 'club-import-hint'}
          aria-invalid={fieldError ? true : undefined}
          disabled={step.status === 'checking' || step.status === 'applying'}
          onChange={(e) => void onFile(e)}
          css={(theme: Theme) => css`
            display: block;
            margin-top: ${theme.space(2)};
            min-height: 48px;
            font: inherit;
            max-width: 100%;
            &:focus-visible {
              outline: 3px solid ${theme.colors.focus};
              outline-offset: 2px;
            }
          `}
        />
        {fieldError && (
          <p
            id="club-import-error"
            role="alert"
            css={(theme: Theme) => css`
              margin: ${theme.space(2)} 0 0;
              color: ${theme.colors.error};
              font-weight: 700;
            `}
          >
            {fieldError}
          </p>
        )}
      </Panel>

      <div
        role="status"
        css={(theme: Theme) => css`
          &:not(:empty) {
            margin-bottom: ${theme.space(5)};
          }
        `}
      >
        {notice && <FormMessage tone="error">{notice}</FormMessage>}
      </div>

      {step.status === 'checking' && <Spinner label={importTexts.checking} />}
      {step.status === 'applying' && <Spinner label={importTexts.applying} />}

      {step.status === 'done' && (
        <Panel>
          <h2 ref={resultHeading} tabIndex={-1}>
            Vereinsliste übernommen
          </h2>
          <ul>
            <li>{step.result.added} neu</li>
            <li>{step.result.changed} geändert</li>
            <li>{step.result.unchanged} unverändert</li>
            <li>{step.result.removed} entfernt</li>
            <li>{step.result.kept} behalten (mit Konto oder Beiträgen)</li>
          </ul>
        </Panel>
      )}

      {preview && (
        <>
          <h2
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(2)};
              font-size: 1.25rem;
            `}
          >
            Vorschau: {fileName}
          </h2>
          <p>Zeichensatz: {encodingLabels[preview.encoding]}</p>
          <p>
            {preview.rows} Zeilen: {preview.totals.added} neu, {preview.totals.changed} geändert, {preview.unchanged} unverändert,{' '}
            {preview.totals.removed} entfernt, {preview.totals.kept} behalten, {preview.totals.badRows} fehlerhaft.
          </p>

          {preview.badRows.length > 0 && (
            <PreviewTable title={listTitle('Fehlerhafte Zeilen', preview.totals.badRows)} id="bad-rows" tone="error">
              <thead>
                <tr>
                  <th scope="col">Zeile</th>
                  <th scope="col">Grund</th>
                </tr>
              </thead>
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
              <thead>
                <tr>
                  <th scope="col">Zeile</th>
                  <th scope="col">Verein</th>
                  <th scope="col">Nummer</th>
                  <th scope="col">Website</th>
                </tr>
              </thead>
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
              <thead>
                <tr>
                  <th scope="col">Zeile</th>
                  <th scope="col">Vorher</th>
                  <th scope="col">Nachher</th>
                </tr>
              </thead>
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
              <thead>
                <tr>
                  <th scope="col">Verein</th>
                  <th scope="col">Nummer</th>
                  <th scope="col">Folge</th>
                </tr>
              </thead>
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

          <div
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              gap: ${theme.space(4)};
              margin-top: ${theme.space(6)};
            `}
          >
            <Button
              variant="primary"
              onClick={() => void onApply()}
              disabled={!canApply || !!nothingToDo}
              aria-describedby={preview.badRows.length ? 'club-import-blocked' : undefined}
            >
              Übernehmen
            </Button>
            {preview.badRows.length > 0 && (
              <p
                id="club-import-blocked"
                css={css`
                  margin: 0;
                `}
              >
                {importTexts.badRows}
              </p>
            )}
            {nothingToDo && preview.badRows.length === 0 && <p>Die Datei ändert nichts.</p>}
          </div>
        </>
      )}
    </section>
  );
}

/**
 * The file's bytes, unchanged (FileReader: every browser the back office supports, and the tests'
 * DOM): reading it as text here would turn German Excel's Windows-1252 umlauts into U+FFFD before
 * the server could see them.
 */
function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('read failed')));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}

function PreviewTable({ title, id, tone, children }: { title: string; id: string; tone?: 'error'; children: ReactNode }) {
  return (
    <div
      css={(theme: Theme) => css`
        margin-top: ${theme.space(6)};
      `}
    >
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
