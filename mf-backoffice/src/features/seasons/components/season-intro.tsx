import type { AdminSeasonDto } from '@erd/shared-contracts/schemas';
import { entriesText, germanDay } from '../lib';
import { PublicMarker, StateBadge } from './state-badge';
import { cluster } from '../../../components/layout-styles';

/** Under the season's title: its state, whether the public site shows it, its days, challenges and entries. */
export function SeasonIntro({ season, live, isAdmin }: { season: AdminSeasonDto; live: boolean; isAdmin: boolean }) {
  return (
    <span css={cluster(2, { inline: true })}>
      <StateBadge state={season.state} />
      {live && <PublicMarker />}
      <span>
        {germanDay(season.startDate)} – {germanDay(season.endDate)} · {season.challenges}{' '}
        {season.challenges === 1 ? 'Challenge' : 'Challenges'} · {entriesText(season.entries)}
        {isAdmin ? '' : ' · nur lesen'}
      </span>
    </span>
  );
}
