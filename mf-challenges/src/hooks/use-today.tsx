import { createContext, type ReactNode, useContext } from 'react';
import { berlinToday, type IsoDate } from '@erd/shared-contracts';

/**
 * "Today" as a calendar day in Europe/Berlin (spec §4: now is the start of today). Components read
 * it from here, so tests and previews can fix the day; without a provider it is the server's day
 * (`berlinToday()` runs on the page's app clock: the server's CLOCK_OFFSET_DAYS from /config.json).
 */
const TodayContext = createContext<IsoDate | null>(null);

export function TodayProvider({ today, children }: { today: IsoDate; children: ReactNode }) {
  return <TodayContext.Provider value={today}>{children}</TodayContext.Provider>;
}

export function useToday(): IsoDate {
  return useContext(TodayContext) ?? berlinToday();
}
