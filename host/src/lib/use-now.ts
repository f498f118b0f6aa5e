import { useEffect, useState } from 'react';
import { appNow } from '@erd/shared-contracts';

/** A minute: countdowns show days, then hours, so a minute's tick keeps them right. */
export const NOW_TICK_MS = 60_000;

/**
 * Now on the app clock (`appNow`, the server's day), renewed every `tickMs` while the component is
 * shown: 'Läuft gerade' counts down without a reload and rolls over at midnight.
 */
export function useNow(tickMs: number = NOW_TICK_MS): Date {
  const [now, setNow] = useState(appNow);
  useEffect(() => {
    const timer = setInterval(() => setNow(appNow()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
