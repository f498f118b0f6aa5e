import { useState } from 'react';
import { ScreenHeader } from '../../../components/screen';
import { LoadState, useOperatorData } from '../../../kit';
import { getOverview } from '../api/get-overview';
import { Activity } from './overview-activity';
import { germanDay } from './overview-format';
import { Challenges, LatestAudit, phaseLabels } from './overview-sections';
import { overviewTexts } from './overview-texts';
import { stack } from '../../../components/layout-styles';

export { overviewTexts, phaseLabels };

/**
 * 'Überblick': the season at a glance for both roles: each challenge's phase today and its
 * entries waiting for review (a link to the queue), the counted votes and new club accounts per
 * day as two small charts (for the eye; the same numbers are a table for screen readers), and the
 * newest audit entries (a link to the whole log).
 */
export function OverviewScreen() {
  const [days, setDays] = useState<number>(30);
  const load = useOperatorData(days, () => getOverview(days), { keepPrevious: true });
  const overview = load.status === 'ready' ? load.data : null;

  return (
    <section aria-labelledby="overview-title">
      <ScreenHeader
        title="Überblick"
        titleId="overview-title"
        intro={overview ? `Die Saison auf einen Blick – Stand heute, ${germanDay(overview.today)}.` : 'Die Saison auf einen Blick.'}
      />
      <LoadState state={load} loading={overviewTexts.loading} failed={overviewTexts.loadFailed} />
      {overview && (
        <div css={stack(6)}>
          <Challenges overview={overview} />
          <Activity overview={overview} days={days} onDays={setDays} />
          <LatestAudit overview={overview} />
        </div>
      )}
    </section>
  );
}
