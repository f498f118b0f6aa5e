import { SEASON_OFFSET_MAX_DAYS, SEASON_STATE_LABELS, SEASON_YEAR_MAX, SEASON_YEAR_MIN } from '@erd/shared-contracts/schemas';
import * as lib from '../lib';

// The back office keeps the contract's labels and limits it shows (the paths are the contract's own `seasonAdminPaths`).
it('uses the contract’s state labels and limits', () => {
  expect(lib.SEASON_STATE_LABELS).toEqual(SEASON_STATE_LABELS);
  expect([lib.SEASON_YEAR_MIN, lib.SEASON_YEAR_MAX, lib.SEASON_OFFSET_MAX_DAYS]).toEqual([
    SEASON_YEAR_MIN,
    SEASON_YEAR_MAX,
    SEASON_OFFSET_MAX_DAYS,
  ]);
});

it('moves days across month and year ends and keeps the weekdays with whole weeks', () => {
  expect(lib.addDays('2026-12-30', 3)).toBe('2027-01-02');
  expect(lib.addDays('2026-03-01', -1)).toBe('2026-02-28');
  expect(lib.defaultOffset(2026, 2027)).toBe(364);
  expect(lib.defaultOffset(2026, 2028)).toBe(728);
  expect(lib.germanDayWithWeekday('2026-05-02')).toBe('Sa., 02.05.2026');
});
