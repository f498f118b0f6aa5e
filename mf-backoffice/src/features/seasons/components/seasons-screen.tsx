import { css, type Theme } from '@emotion/react';
import { Link, useNavigate } from '@erd/shared-contracts';
import { Panel, ScreenHeader } from '../../../components/screen';
import { TableRegion } from '../../../components/table-region';
import { TableHead } from '../../../components/list-table';
import { visuallyHidden } from '../../../components/table-styles';
import { signedInAsAdmin, useOperatorSession } from '../../../lib/operator-session';
import { LoadState, useOperatorData } from '../../../kit';
import { listSeasons } from '../api/seasons';
import { germanDay, loadFailureText, seasonPath, seasonTexts } from '../lib';
import { NewSeasonForm } from './new-season-form';
import { PublicMarker, StateBadge } from './state-badge';
import { spaceAbove } from '../../../components/layout-styles';

/**
 * 'Saisons': every season (newest first) with its state, first and last day, challenges and entries,
 * and which one the public site shows; admins create a new one, empty or as a copy. Both roles read.
 */
export function SeasonsScreen() {
  const { state, signedOut } = useOperatorSession();
  const isAdmin = signedInAsAdmin(state);
  const navigate = useNavigate();
  const list = useOperatorData('seasons', () => listSeasons());

  return (
    <section aria-labelledby="seasons-title">
      <ScreenHeader
        title="Saisons"
        titleId="seasons-title"
        intro={
          isAdmin
            ? 'Jede Saison mit ihren Challenges. Eine Saison zeigt die öffentliche Seite; neue Saisons entstehen leer oder als Kopie.'
            : 'Jede Saison mit ihren Challenges (nur lesen).'
        }
      />
      <LoadState
        state={list}
        loading={seasonTexts.loading}
        failed={loadFailureText(seasonTexts.loadFailed)}
        textCss={css`
          margin-top: 0;
        `}
      />
      {list.status === 'ready' && list.data.items.length === 0 && <Panel>{seasonTexts.none}</Panel>}
      {list.status === 'ready' && list.data.items.length > 0 && (
        <TableRegion label="Saisons">
          <table>
            <caption css={visuallyHidden}>Saisons, die neueste zuerst, Stand {germanDay(list.data.today)}</caption>
            <TableHead columns={['Saison', 'Status', 'Erster Tag', 'Letzter Tag', { number: 'Challenges' }, { number: 'Beiträge' }]} />
            <tbody>
              {list.data.items.map((season) => (
                <tr key={season.id}>
                  <th
                    scope="row"
                    css={css`
                      white-space: nowrap;
                    `}
                  >
                    <Link to={seasonPath(season.id)}>Saison {season.year}</Link>
                  </th>
                  <td>
                    <span
                      css={(theme: Theme) => css`
                        display: flex;
                        flex-wrap: wrap;
                        gap: ${theme.space(2)};
                      `}
                    >
                      <StateBadge state={season.state} />
                      {season.current && <PublicMarker />}
                    </span>
                  </td>
                  <td>{germanDay(season.startDate)}</td>
                  <td>{germanDay(season.endDate)}</td>
                  <td className="number">{season.challenges}</td>
                  <td className="number">{season.entries}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableRegion>
      )}
      {isAdmin && list.status === 'ready' && (
        <div css={spaceAbove(8)}>
          <NewSeasonForm
            seasons={list.data.items}
            onCreated={(yearId) => navigate(seasonPath(yearId))}
            onExpired={() => signedOut('expired')}
          />
        </div>
      )}
    </section>
  );
}
