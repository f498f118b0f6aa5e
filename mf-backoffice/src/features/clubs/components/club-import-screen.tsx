import { css, type Theme } from '@emotion/react';
import { type ChangeEvent, useEffect, useRef, useState } from 'react';
import { isApiError, Link } from '@erd/shared-contracts';
import {
  backofficePaths,
  type ClubCsvEncodingDto,
  type ClubImportPreviewDto,
  type ClubImportResultDto,
} from '@erd/shared-contracts/backoffice';
import { Button, Spinner } from '@erd/shared-contracts/ui';
import { Panel, ScreenHeader } from '../../../components/screen';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { applyClubImport, CLUB_CSV_MAX_BYTES, previewClubImport } from '../api/import-clubs';

import { ImportPreviewTables } from './club-import-preview';
import { CsvFileField, readBytes } from './csv-file-field';
import { StatusNotice } from '../../../components/status-notice';
import { cluster, spaceAbove } from '../../../components/layout-styles';

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
/**
 * 'CSV importieren' (admins): choose a clubs CSV (the season's clubs.csv format) → the server's
 * preview (new, changed with before/after, removed, kept, bad rows with line and reason; nothing
 * written) → 'Übernehmen' (only without bad rows; the server applies exactly the previewed file)
 * → the result. Moderators get a note instead.
 */
export function ClubImportScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
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

      <CsvFileField
        inputRef={input}
        chooseFile={importTexts.chooseFile}
        fieldError={fieldError}
        disabled={step.status === 'checking' || step.status === 'applying'}
        onChange={(e) => void onFile(e)}
      />

      <StatusNotice notice={notice ? { tone: 'error', text: notice } : null} />

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

          <ImportPreviewTables preview={preview} />

          <div css={[cluster(4), spaceAbove(6)]}>
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
