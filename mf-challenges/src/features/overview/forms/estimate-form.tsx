import { type FormEvent, useEffect, useId, useState } from 'react';
import { formatGermanNumber, parseEstimate, parseGermanWholeNumber, type ParticipationDto } from '@erd/shared-contracts';
import { Button, FieldError, Icon, TextInput } from '@erd/shared-contracts/ui';
import { useField } from '../../../lib/use-field';
import { saveParticipation } from '../api/save-participation';
import { QuestionLabel } from '../components/card-parts';
import { ErrorMessage, Form, FormRow, Hint, SuccessMessage } from './form-parts';
import { messages, numberTexts, SUCCESS_MESSAGE_MS, type NumberKind } from './messages';

/**
 * Spec §5 / decisions §4: required, a whole number of 1 to 9 digits, written as Germans write it
 * ('4500', '4.500', '4 500'; issue 24). The goals form says so in its own words.
 */
export function validateEstimate(value: string, kind: NumberKind = 'estimate'): string | null {
  const texts = numberTexts[kind];
  if (!value.trim()) return texts.required;
  if (parseEstimate(value) !== undefined) return null;
  // A well-formed number that is too long gets its own message.
  return parseGermanWholeNumber(value) !== undefined ? texts.tooLong : texts.number;
}

/**
 * The estimate (or goals) form of a running challenge: the challenge question is its label, the
 * saved number is filled in (with a thousands dot), and the club may change it until the challenge
 * ends.
 */
export function EstimateForm({
  challengeId,
  question,
  kind = 'estimate',
  saved,
  onSaved,
}: {
  challengeId: string;
  question: string;
  kind?: NumberKind;
  saved: number | undefined;
  onSaved: (participation: ParticipationDto) => void;
}) {
  const texts = numberTexts[kind];
  const inputId = useId();
  const errorId = useId();
  const savedId = useId();
  const field = useField(saved === undefined ? '' : formatGermanNumber(saved), (value: string) => validateEstimate(value, kind));
  const [status, setStatus] = useState<'idle' | 'saving' | 'saved' | 'failed'>('idle');

  useEffect(() => {
    if (status !== 'saved') return;
    const timer = setTimeout(() => setStatus('idle'), SUCCESS_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [status]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    field.touch();
    const estimate = parseEstimate(field.value);
    if (field.error || estimate === undefined || status === 'saving') return;
    setStatus('saving');
    saveParticipation(challengeId, { estimate }).then(
      (participation) => {
        onSaved(participation);
        // The number as it is kept: '4500' and '4 500' read '4.500' afterwards.
        field.reset(formatGermanNumber(participation.fields.estimate ?? estimate));
        setStatus('saved');
      },
      () => setStatus('failed'),
    );
  };

  return (
    <Form noValidate onSubmit={submit} aria-label={texts.form}>
      <QuestionLabel htmlFor={inputId}>
        <Icon name="quote" size="sm" color="primary" />
        {question}
      </QuestionLabel>
      <FormRow>
        <TextInput
          id={inputId}
          name="estimate"
          // The numeric keypad, yet dots and spaces ('4.500', '4 500') may be typed or pasted.
          inputMode="numeric"
          autoComplete="off"
          maxLength={15}
          placeholder={texts.placeholder}
          value={field.value}
          invalid={!!field.shownError}
          aria-invalid={field.shownError ? true : undefined}
          aria-describedby={[field.shownError ? errorId : '', saved !== undefined ? savedId : ''].filter(Boolean).join(' ') || undefined}
          onChange={(event) => {
            field.setValue(event.target.value);
            if (status === 'failed') setStatus('idle');
          }}
          onBlur={field.touch}
          css={{ flex: '1 1 10rem', width: 'auto', minWidth: 0, fontSize: '1.25rem', fontWeight: 700, fontVariantNumeric: 'tabular-nums' }}
        />
        <Button
          type="submit"
          variant="secondary"
          disabled={!!field.error || status === 'saving'}
          aria-busy={status === 'saving' || undefined}
        >
          Speichern
        </Button>
      </FormRow>
      {field.shownError && <FieldError id={errorId}>{field.shownError}</FieldError>}
      {saved !== undefined && (
        <Hint id={savedId}>
          {texts.current} <strong>{formatGermanNumber(saved)}</strong>. {texts.changeable}
        </Hint>
      )}
      <SuccessMessage>{status === 'saved' ? texts.saved : null}</SuccessMessage>
      {status === 'failed' && <ErrorMessage>{messages.failure}</ErrorMessage>}
    </Form>
  );
}
