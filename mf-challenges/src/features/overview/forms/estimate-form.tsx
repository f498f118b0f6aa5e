import { type FormEvent, useEffect, useId, useState } from 'react';
import { ESTIMATE_PATTERN, formatGermanNumber, type ParticipationDto } from '@erd/shared-contracts';
import { Button, FieldError, Icon, TextInput } from '@erd/shared-contracts/ui';
import { useField } from '../../../lib/use-field';
import { saveParticipation } from '../api/save-participation';
import { QuestionLabel } from '../components/card-parts';
import { ErrorMessage, Form, FormRow, Hint, SuccessMessage } from './form-parts';
import { messages, SUCCESS_MESSAGE_MS } from './messages';

/** Spec §5 / decisions §4: required, a whole number of 1 to 9 digits. */
export function validateEstimate(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return messages.estimateRequired;
  return ESTIMATE_PATTERN.test(trimmed) ? null : messages.estimateNumber;
}

/**
 * The estimate (or goals) form of a running challenge: the challenge question is its label, the
 * saved number is filled in, and the club may change it until the challenge ends.
 */
export function EstimateForm({
  challengeId,
  question,
  saved,
  onSaved,
}: {
  challengeId: string;
  question: string;
  saved: number | undefined;
  onSaved: (participation: ParticipationDto) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const savedId = useId();
  const field = useField(saved === undefined ? '' : String(saved), validateEstimate);
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(() => setStatus('idle'), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    field.touch();
    if (field.error || status === 'saving') return;
    setStatus('saving');
    saveParticipation(challengeId, { estimate: Number(field.value.trim()) }).then(
      (participation) => {
        onSaved(participation);
        setStatus('saved');
      },
      () => setStatus('failed'),
    );
  };

  return (
    <Form noValidate onSubmit={submit} aria-label="Deine Schätzung">
      <QuestionLabel htmlFor={inputId}>
        <Icon name="quote" size="sm" color="primary" />
        {question}
      </QuestionLabel>
      <FormRow>
        <TextInput
          id={inputId}
          name="estimate"
          inputMode="numeric"
          autoComplete="off"
          maxLength={9}
          value={field.value}
          invalid={!!field.shownError}
          aria-invalid={field.shownError ? true : undefined}
          aria-describedby={[field.shownError ? errorId : '', saved !== undefined ? savedId : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            field.setValue(event.target.value);
            if (status === 'failed') setStatus('idle');
          }}
          onBlur={field.touch}
          css={{ flex: '1 1 10rem', width: 'auto', minWidth: 0, fontSize: '1.25rem', fontWeight: 700 }}
        />
        <Button type="submit" variant="secondary" disabled={!!field.error || status === 'saving'} aria-busy={status === 'saving' || undefined}>
          Speichern
        </Button>
      </FormRow>
      {field.shownError && <FieldError id={errorId}>{field.shownError}</FieldError>}
      {saved !== undefined && (
        <Hint id={savedId}>
          Deine gespeicherte Schätzung: <strong>{formatGermanNumber(saved)}</strong>. Du kannst sie bis zum Ende der Challenge ändern.
        </Hint>
      )}
      <SuccessMessage>{status === 'saved' ? messages.estimateSaved : null}</SuccessMessage>
      {status === 'failed' && <ErrorMessage>{messages.failure}</ErrorMessage>}
    </Form>
  );
}
