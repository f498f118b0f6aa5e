import { useState } from 'react';

/** A form's messages at its fields, by the field's name. */
export type FieldErrors<K extends string> = Partial<Record<K, string>>;

/**
 * A form's errors at its fields (each field's id is `${idPrefix}-${name}`): `show(found)` puts them
 * at the fields and moves the focus to the first wrong one in `order` (the form's order); it says
 * whether there was one. `setErrors` only puts them there (a server's answer that keeps the focus).
 */
export function useFieldErrors<K extends string>(idPrefix: string, order: readonly K[]) {
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const show = (found: FieldErrors<K>): boolean => {
    setErrors(found);
    const first = order.find((field) => found[field]);
    if (first !== undefined) document.getElementById(`${idPrefix}-${first}`)?.focus();
    return first !== undefined;
  };
  return { errors, setErrors, show };
}
