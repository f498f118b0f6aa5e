import { useEffect, useState } from 'react';

/**
 * The entries the moderator has selected in the queue (by id): `toggle(id, on)` selects or
 * unselects one; selections of entries that left the list (`ids`) are forgotten.
 */
export function useSelection(ids: readonly string[]) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const key = ids.join('\n');

  useEffect(() => {
    const present = new Set(key.split('\n'));
    setSelected((current) =>
      [...current].every((id) => present.has(id)) ? current : new Set([...current].filter((id) => present.has(id))),
    );
  }, [key]);

  const toggle = (id: string, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return { selected, setSelected, toggle };
}
