import { css, type Theme } from '@emotion/react';
import { useRef } from 'react';
import {
  formatDayMonthShort,
  getRuntimeConfig,
  paths,
  phaseActions,
  selectIsLoggedIn,
  useDocumentTitle,
  useMemberClub,
  useSearchParams,
  useSession,
  type IsoDate,
  type ParticipationSort,
  type VoteChallengeDto,
} from '@erd/shared-contracts';
import { Button, ButtonLink, Container, Section, SelectMenu, Spinner } from '@erd/shared-contracts/ui';
import { ChallengeHero } from '../../../components/challenge-hero';
import { SORT_PARAM, sortOf } from '../../../components/list-sort';
import { VoteChallengeRoute } from '../../../components/vote-challenge-route';
import { useToday } from '../../../hooks/use-today';
import { useParticipationList } from '../api/search-participations';
import { ParticipationList } from './participation-list';

const sortOptions = [
  { value: 'newest', label: 'Neueste' },
  { value: 'likes', label: 'Beliebtheit' },
] as const satisfies readonly { value: ParticipationSort; label: string }[];

/** Spec §2 'Stöbern' (/challenge/{challengeId}): the published entries of a vote challenge. */
export function BrowsePage({ challengeId }: { challengeId: string }) {
  // Only slogans and pictures are published for browsing; an estimate or goals challenge has nothing to show.
  return (
    <VoteChallengeRoute challengeId={challengeId} loadingLabel="Challenge wird geladen …">
      {(challenge, number) => <BrowseView challenge={challenge} number={number} />}
    </VoteChallengeRoute>
  );
}

function BrowseView({ challenge, number }: { challenge: VoteChallengeDto; number: number }) {
  const { headline, teasertitle } = challenge.fields;
  useDocumentTitle(`${headline}: Stöbern – ${getRuntimeConfig().productName}`);
  // The sort lives in the address (`?sort=likes`): the entry page's previous/next follow it, and the
  // way back from an entry shows the list as it was sorted.
  const [search, setSearch] = useSearchParams();
  const list = useParticipationList(challenge.sys.id, sortOf(search));
  const setSort = (next: ParticipationSort) => {
    list.setSort(next);
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        if (next === 'newest') params.delete(SORT_PARAM);
        else params.set(SORT_PARAM, next);
        return params;
      },
      { replace: true },
    );
  };
  const today = useToday();
  const member = useSession(selectIsLoggedIn);
  const memberClub = useMemberClub();
  const ownClubId = !member ? null : memberClub.status === 'ready' ? memberClub.clubId : memberClub.status === 'loading' ? undefined : null;
  const focusFrom = useRef<number | null>(null);
  const layout = challenge.sys.objectTypeId === 'bfv-erd-picture-vote' ? 'pictures' : 'text';

  return (
    <>
      <ChallengeHero titleId="browse-title" number={number} headline={headline} teasertitle={teasertitle} label="Stöbern" />
      <Section
        css={(theme: Theme) => css`
          padding-top: ${theme.space(6)};
        `}
      >
        <Container
          css={css`
            ${layout === 'text' ? 'max-width: calc(48rem + 64px);' : ''}
          `}
        >
          <div
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              align-items: center;
              justify-content: space-between;
              gap: ${theme.space(4)};
              margin-bottom: ${theme.space(6)};
            `}
          >
            <p
              aria-live="polite"
              css={css`
                margin: 0;
                font-weight: 600;
              `}
            >
              {list.status !== 'loading' && list.items.length > 0 && `${list.items.length} werden angezeigt von insgesamt ${list.total}`}
            </p>
            <SelectMenu label="Sortieren nach" options={sortOptions} value={list.sort} onChange={setSort} />
          </div>
          {list.status === 'loading' ? (
            <Spinner label="Teilnahmen werden geladen …" />
          ) : list.items.length === 0 ? (
            <EmptyList challenge={challenge} today={today} member={member} />
          ) : (
            <ParticipationList
              items={list.items}
              challengeId={challenge.sys.id}
              layout={layout}
              focusFrom={focusFrom}
              sort={list.sort}
              vote={{ challenge, today, member, ownClubId }}
            />
          )}
          {(list.canLoadMore || list.status === 'loading-more') && (
            <div
              css={(theme: Theme) => css`
                display: flex;
                justify-content: center;
                margin-top: ${theme.space(8)};
              `}
            >
              <Button
                variant="secondary"
                aria-busy={list.status === 'loading-more' || undefined}
                disabled={list.status === 'loading-more'}
                onClick={() => {
                  focusFrom.current = list.items.length;
                  list.loadMore();
                }}
              >
                Mehr laden
              </Button>
            </div>
          )}
        </Container>
      </Section>
    </>
  );
}

/**
 * 'Bisher keine Teilnahmen vorhanden' (spec) with a next step (issue 24): while the club can still
 * enter, 'Jetzt mitmachen' (to the entry forms, or to the login first) with the closing day; else
 * back to every challenge.
 */
function EmptyList({ challenge, today, member }: { challenge: VoteChallengeDto; today: IsoDate; member: boolean }) {
  const canEnter = phaseActions(challenge, today).includes('enter');
  return (
    <div
      css={(theme: Theme) => css`
        display: flex;
        flex-direction: column;
        align-items: center;
        gap: ${theme.space(4)};
        padding: ${theme.space(10)} 0;
        text-align: center;
      `}
    >
      <p
        css={css`
          margin: 0;
          font-size: 1.125rem;
          font-weight: 700;
        `}
      >
        Bisher keine Teilnahmen vorhanden
      </p>
      {canEnter ? (
        <>
          <p
            css={css`
              margin: 0;
            `}
          >
            {`Seid die Ersten: Reicht euren Beitrag bis zum ${formatDayMonthShort(challenge.fields.endDateSubmission)} ein.`}
          </p>
          <ButtonLink to={member ? paths.challenges : paths.login}>Jetzt mitmachen</ButtonLink>
        </>
      ) : (
        <ButtonLink to={paths.challenges} variant="secondary">
          Alle Challenges ansehen
        </ButtonLink>
      )}
    </div>
  );
}
