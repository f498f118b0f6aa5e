import { css, type Theme } from '@emotion/react';
import { FieldHint, FieldLabel } from '@erd/shared-contracts/forms';
import { Panel } from '../../../components/screen';
import type { ChangeEvent, RefObject } from 'react';
import { spaceBelow } from '../../../components/layout-styles';

/** 'CSV-Datei': the file input with its hint and, when the file was refused, why. */
export function CsvFileField({
  inputRef,
  chooseFile,
  fieldError,
  disabled,
  onChange,
}: {
  inputRef: RefObject<HTMLInputElement | null>;
  chooseFile: string;
  fieldError: string | null;
  disabled: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}) {
  return (
    <Panel css={spaceBelow(6)}>
      <FieldLabel htmlFor="club-import-file">CSV-Datei</FieldLabel>
      <FieldHint id="club-import-hint">{chooseFile} Logos lädst du beim Verein hoch; lass die Spalte logourl leer.</FieldHint>
      <input
        ref={inputRef}
        id="club-import-file"
        type="file"
        accept=".csv,text/csv"
        aria-describedby={fieldError ? 'club-import-hint club-import-error' : 'club-import-hint'}
        aria-invalid={fieldError ? true : undefined}
        disabled={disabled}
        onChange={onChange}
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
  );
}

/**
 * The file's bytes, unchanged (FileReader: every browser the back office supports, and the tests'
 * DOM): reading it as text here would turn German Excel's Windows-1252 umlauts into U+FFFD before
 * the server could see them.
 */
export function readBytes(file: File): Promise<ArrayBuffer> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (reader.result instanceof ArrayBuffer ? resolve(reader.result) : reject(new Error('read failed')));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsArrayBuffer(file);
  });
}
