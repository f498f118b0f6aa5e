import { type FormEvent, useId, useState } from 'react';
import { isApiError, SLOGAN_MAX_LENGTH, type EntryErrorCode } from '@erd/shared-contracts';
import { Button, FieldError } from '@erd/shared-contracts/ui';
import { useField } from '../../../lib/use-field';
import { saveParticipation } from '../api/save-participation';
import { ErrorMessage, FieldLabel, Form, FormRow, Hint, TextArea, type EntryFormProps } from './form-parts';
import { messages } from './messages';

/**
 * Spec §5 / decisions §4: required, at most 200 characters (the input and the validator agree). Counted
 * in UTF-16 units (`String.length`), as the server's check (`entryOf` in the entries service) and the
 * textarea's `maxLength` count them, not with the contracts' `textLength`: a slogan of 101 emoji is
 * refused by the server.
 */
export function validateSlogan(value: string): string | null {
  if (!value.trim()) return messages.sloganRequired;
  return value.length > SLOGAN_MAX_LENGTH ? messages.sloganTooLong : null;
}

/**
 * The slogan of a text-vote challenge, sent once per club (PUT `{ slogan }`). Afterwards the panel
 * shows the entry's state instead of the form. A 409 (sent meanwhile, e.g. in another tab) asks the
 * panel to reload the own entry.
 */
export function SloganForm({ challengeId, onSaved, onAlreadySubmitted }: EntryFormProps) {
  const inputId = useId();
  const errorId = useId();
  const counterId = useId();
  const field = useField<string>('', validateSlogan);
  const [status, setStatus] = useState<'idle' | 'saving' | 'failed'>('idle');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    field.touch();
    if (field.error || status === 'saving') return;
    setStatus('saving');
    saveParticipation(challengeId, { slogan: field.value.trim() }).then(onSaved, (error: unknown) => {
      if (isApiError(error) && error.code === ('AlreadySubmitted' satisfies EntryErrorCode)) onAlreadySubmitted();
      else setStatus('failed');
    });
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Dein Spruch">
      <FieldLabel htmlFor={inputId}>Dein Spruch</FieldLabel>
      <TextArea
        id={inputId}
        name="slogan"
        rows={3}
        maxLength={SLOGAN_MAX_LENGTH}
        value={field.value}
        invalid={!!field.shownError}
        aria-invalid={field.shownError ? true : undefined}
        aria-describedby={[counterId, field.shownError ? errorId : ''].filter(Boolean).join(' ')}
        onChange={(event) => {
          field.setValue(event.target.value);
          if (status === 'failed') setStatus('idle');
        }}
        onBlur={field.touch}
      />
      <FormRow css={{ justifyContent: 'space-between' }}>
        <Hint id={counterId} css={{ fontVariantNumeric: 'tabular-nums' }}>
          {field.value.length}/{SLOGAN_MAX_LENGTH} Zeichen
        </Hint>
        <Button
          type="submit"
          variant="secondary"
          disabled={!!field.error || status === 'saving'}
          aria-busy={status === 'saving' || undefined}
        >
          Spruch einreichen
        </Button>
      </FormRow>
      {field.shownError && <FieldError id={errorId}>{field.shownError}</FieldError>}
      {status === 'failed' && <ErrorMessage>{messages.failure}</ErrorMessage>}
    </Form>
  );
}
