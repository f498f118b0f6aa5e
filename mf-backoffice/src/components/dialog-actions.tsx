import { css, type Theme } from '@emotion/react';
import { FormMessage } from '@erd/shared-contracts/forms';
import { Button } from '@erd/shared-contracts/ui';
import { buttonRow } from './form-styles';
import { spaceAbove } from './layout-styles';

export interface DialogActionsProps {
  /** The submit button's label ('Ablehnen', 'Abmelden', …). */
  submitLabel: string;
  sending: boolean;
  onCancel: () => void;
  /** Shown above the buttons when the call failed for a reason other than the field. */
  failure?: string | null;
}

/**
 * The end of a dialog's form: the failure message (when there is one), then 'Abbrechen' and the
 * submit button, both disabled while the call runs.
 */
export function DialogActions({ submitLabel, sending, onCancel, failure }: DialogActionsProps) {
  return (
    <>
      {failure && (
        <div css={spaceAbove(4)}>
          <FormMessage tone="error">{failure}</FormMessage>
        </div>
      )}
      <div
        css={(theme: Theme) => css`
          ${buttonRow(theme)};
          justify-content: flex-end;
          margin-top: ${theme.space(6)};
        `}
      >
        <Button variant="outline" onClick={onCancel} disabled={sending}>
          Abbrechen
        </Button>
        <Button type="submit" variant="secondary" disabled={sending} aria-busy={sending || undefined}>
          {submitLabel}
        </Button>
      </div>
    </>
  );
}
