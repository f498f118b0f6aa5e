import {
  OVERVIEW_AUDIT_ENTRIES,
  OVERVIEW_DEFAULT_DAYS,
  type OverviewDayDto,
  type OverviewDto,
  type OverviewQuery,
} from '@erd/shared-contracts/backoffice';
import type { AppContext } from '../../context.js';
import { addDays, berlinToday } from '../../lib/dates.js';
import { berlinDayStart, listAuditEntries } from '../audit/service.js';
import { listAdminChallenges } from '../challenges-admin/service.js';
import { findSite } from '../content/service.js';
import * as repo from './repository.js';

/**
 * The back office's 'Überblick' (issue 8), for both roles: the current season's challenges with
 * their phase today and the entries waiting for review (the challenges list of the back office,
 * `challenges-admin`), the counted votes and the new club accounts per Europe/Berlin day for the
 * last `days` days (today included, days without any as 0), and the newest audit entries.
 */

type Ctx = Pick<AppContext, 'db' | 'now'>;

/** GET /api/operator/overview?days= (`days` checked by the query's schema, `overviewQuerySchema`). */
export async function getOverview({ ctx, input }: { ctx: Ctx; input: OverviewQuery }): Promise<OverviewDto> {
  const days = input.days ?? OVERVIEW_DEFAULT_DAYS;
  const today = berlinToday(ctx.now());
  const first = addDays(today, -(days - 1));
  const range = { from: berlinDayStart(first), before: berlinDayStart(addDays(today, 1)) };

  const site = await findSite(ctx.db);
  const challenges = site?.currentYearId ? (await listAdminChallenges({ ctx })).items : [];
  const [votes, registrations, audit] = await Promise.all([
    repo.countedVotesPerDay(ctx.db, range),
    repo.registrationsPerDay(ctx.db, range),
    listAuditEntries({ ctx, input: { page: 1, size: OVERVIEW_AUDIT_ENTRIES } }),
  ]);
  const votesOf = new Map(votes.map((v) => [v.day, v.count]));
  const registrationsOf = new Map(registrations.map((r) => [r.day, r.count]));
  const perDay: OverviewDayDto[] = Array.from({ length: days }, (_, i) => {
    const day = addDays(first, i);
    return { day, votes: votesOf.get(day) ?? 0, registrations: registrationsOf.get(day) ?? 0 };
  });

  return {
    today,
    challenges: challenges.map((c) => ({
      id: c.id,
      number: c.number,
      headline: c.headline,
      type: c.type,
      phase: c.phase,
      startDate: c.startDate,
      endDate: c.endDate,
      entries: c.entries,
      pending: c.pending,
    })),
    pendingTotal: challenges.reduce((sum, c) => sum + c.pending, 0),
    days: perDay,
    audit: audit.items,
  };
}
