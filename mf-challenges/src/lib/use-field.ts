import { useCallback, useState } from 'react';

/**
 * One form field with the rules of spec §5: its error shows only after it was touched (left once,
 * or the form was sent); the form's submit button stays disabled while any field has an error.
 */
export function useField<T>(initial: T, validate: (value: T) => string | null) {
  const [value, setValue] = useState<T>(initial);
  const [touched, setTouched] = useState(false);
  const error = validate(value);
  const touch = useCallback(() => setTouched(true), []);
  const reset = useCallback((next: T) => {
    setValue(next);
    setTouched(false);
  }, []);
  return { value, setValue, touched, touch, reset, error, shownError: touched ? error : null };
}
