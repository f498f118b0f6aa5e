import { css, keyframes, type Theme } from '@emotion/react';
import {
  berlinToday,
  challengeNumber,
  countdown,
  formatDayMonth,
  formatDayMonthShort,
  paths,
  phaseActions,
  phaseDeadline,
  resultsPendingText,
  runningChallenges,
  type ChallengeDto,
  type ChallengeTimeState,
  type PhaseAction,
} from '@erd/shared-contracts';
import { Badge, ButtonLink, Container, Headline } from '@erd/shared-contracts/ui';
import { Glyph } from '../../../components/glyphs';
import { useJoinTarget } from '../../../lib/use-join-target';
import { useNow } from '../../../lib/use-now';

/** The phase a tile names, in the site's words. */
export const PHASE_LABELS: Record<ChallengeTimeState, string> = {
  upcoming: 'Demnächst',
  ongoing: 'Läuft',
  submit: 'Einreichen',
  vote: 'Abstimmung',
  finished: 'Beendet',
};

const phaseTone = (theme: Theme, state: ChallengeTimeState) => {
  if (state === 'submit') return { background: theme.colors.primary, color: theme.colors.primaryDark };
  if (state === 'vote') return { background: theme.colors.success, color: theme.colors.white };
  return { background: theme.colors.primaryDark, color: theme.colors.white };
};

const pulse = keyframes`0% { box-shadow: 0 0 0 0 rgba(179, 38, 30, 0.55); } 70% { box-shadow: 0 0 0 10px rgba(179, 38, 30, 0); } 100% { box-shadow: 0 0 0 0 rgba(179, 38, 30, 0); }`;

const actionLabels: Record<Exclude<PhaseAction, 'results-pending'>, string> = {
  enter: 'TEILNEHMEN',
  vote: 'ABSTIMMEN',
  browse: 'STÖBERN',
  results: 'ERGEBNISSE',
};

/** The room above and below a band of the home page: 'Läuft gerade', or 'Saison … entschieden' in its place. */
export const homeBandStyle = (theme: Theme) => css`
  padding: ${theme.space(10)} 0;
  ${theme.mq.md} {
    padding: ${theme.space(14)} 0;
  }
`;

/** The buttons that fit the challenge's phase and the visitor: the first is the primary one. */
function TileActions({ challenge, today, titleId }: { challenge: ChallengeDto; today: string; titleId: string }) {
  const joinTarget = useJoinTarget();
  const actions = phaseActions(challenge, today);
  if (actions.length === 0) return null;
  const target = (action: Exclude<PhaseAction, 'results-pending'>) =>
    action === 'enter' ? joinTarget : action === 'results' ? paths.challengeStandings(challenge.sys.id) : paths.challenge(challenge.sys.id);
  return (
    <div
      css={(theme: Theme) => css`
        display: flex;
        flex-wrap: wrap;
        align-items: center;
        gap: ${theme.space(2)};
        margin-top: auto;
        padding-top: ${theme.space(5)};
      `}
    >
      {actions.map((action, i) =>
        action === 'results-pending' ? (
          <p
            key={action}
            css={(theme: Theme) => css`
              margin: 0;
              font-weight: 700;
              color: ${theme.colors.textMuted};
            `}
          >
            {resultsPendingText(challenge)}
          </p>
        ) : (
          <ButtonLink key={action} to={target(action)} variant={i === 0 ? 'primary' : 'secondary'} aria-describedby={titleId}>
            {actionLabels[action]}
          </ButtonLink>
        ),
      )}
    </div>
  );
}

/** One running challenge: #n, title, phase, the time left in that phase and what to do now. */
function ChallengeTile({ challenge, number, now }: { challenge: ChallengeDto; number: number; now: Date }) {
  const today = berlinToday(now);
  const deadline = phaseDeadline(challenge, today);
  const state = deadline?.state ?? 'finished';
  const title = challenge.fields.teasertitle ?? challenge.fields.headline;
  const titleId = `running-${challenge.sys.id}-title`;
  const left = deadline ? countdown(deadline.at, now) : undefined;
  // The last day of the phase (the deadline is the start of the day after it), or the day it starts.
  const day = deadline && (deadline.kind === 'ends' ? berlinToday(new Date(deadline.at.getTime() - 1)) : berlinToday(deadline.at));

  return (
    <li
      data-testid="running-challenge"
      css={(theme: Theme) => css`
        display: flex;
        flex-direction: column;
        padding: ${theme.space(5)};
        background: ${theme.colors.surface};
        border-radius: ${theme.radius};
        border-top: 6px solid ${phaseTone(theme, state).background};
        box-shadow: 0 2px 12px rgba(11, 42, 74, 0.12);
        ${theme.mq.md} {
          padding: ${theme.space(6)};
        }
      `}
    >
      <div
        css={(theme: Theme) => css`
          display: flex;
          align-items: center;
          gap: ${theme.space(3)};
          margin-bottom: ${theme.space(4)};
        `}
      >
        <Badge
          css={css`
            min-width: 2.5rem;
            height: 2.5rem;
            font-size: 1.0625rem;
          `}
        >
          #{number}
        </Badge>
        <span
          data-testid="running-phase"
          css={(theme: Theme) => css`
            display: inline-block;
            padding: ${theme.space(1)} ${theme.space(3)};
            border-radius: 999px;
            background: ${phaseTone(theme, state).background};
            color: ${phaseTone(theme, state).color};
            font-family: ${theme.fonts.headline};
            font-weight: 800;
            font-size: 0.875rem;
            letter-spacing: 0.06em;
            text-transform: uppercase;
          `}
        >
          {PHASE_LABELS[state]}
        </span>
      </div>
      <h3
        id={titleId}
        css={(theme: Theme) => css`
          margin: 0;
          font-family: ${theme.fonts.headline};
          font-weight: 900;
          font-size: 1.375rem;
          line-height: 1.15;
          overflow-wrap: anywhere;
        `}
      >
        {title}
      </h3>
      {left && day && (
        <p
          data-testid="running-countdown"
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            gap: ${theme.space(2)};
            margin: ${theme.space(3)} 0 0;
            color: ${theme.colors.textMuted};
          `}
        >
          <Glyph name="clock" />
          <span>
            {deadline.kind === 'starts' ? (
              <>
                startet am {formatDayMonthShort(day)} ·{' '}
                <strong css={(theme: Theme) => css`color: ${theme.colors.textDark};`}>{left.label}</strong>
              </>
            ) : (
              <>
                <strong css={(theme: Theme) => css`color: ${theme.colors.textDark};`}>{left.label}</strong> · bis {formatDayMonth(day)}.
              </>
            )}
          </span>
        </p>
      )}
      <TileActions challenge={challenge} today={today} titleId={titleId} />
    </li>
  );
}

/**
 * Issue 24 'Läuft gerade': every challenge open today, each with its phase, a countdown to the end
 * of that phase (renewed each minute while the page is open) and the action that fits the phase and
 * the visitor. Nothing when no challenge runs: the active-challenge teaser's fallbacks speak then.
 */
export function RunningChallenges({ challenges }: { challenges: readonly ChallengeDto[] }) {
  const now = useNow();
  const running = runningChallenges(challenges, berlinToday(now));
  if (running.length === 0) return null;

  return (
    <section aria-labelledby="running-title" css={homeBandStyle}>
      <Container>
        <Headline
          id="running-title"
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            gap: ${theme.space(3)};
            margin-bottom: ${theme.space(2)};
          `}
        >
          <span
            aria-hidden="true"
            css={(theme: Theme) => css`
              width: 14px;
              height: 14px;
              flex-shrink: 0;
              border-radius: 50%;
              background: ${theme.colors.error};
              animation: ${pulse} 1.8s ease-out infinite;
              @media (prefers-reduced-motion: reduce) {
                animation: none;
              }
            `}
          />
          Läuft gerade
        </Headline>
        <p
          css={(theme: Theme) => css`
            margin: 0 0 ${theme.space(6)};
            font-size: 1.0625rem;
            color: ${theme.colors.textMuted};
          `}
        >
          {running.length === 1
            ? 'Eine Challenge ist gerade offen.'
            : `${running.length} Challenges sind gerade offen – jede bringt deinem Verein Punkte.`}
        </p>
        <ul
          css={(theme: Theme) => css`
            display: grid;
            grid-template-columns: repeat(auto-fill, minmax(min(100%, 300px), 1fr));
            gap: ${theme.space(4)};
            margin: 0;
            padding: 0;
            list-style: none;
            ${theme.mq.md} {
              gap: ${theme.space(6)};
            }
          `}
        >
          {running.map((challenge) => (
            <ChallengeTile key={challenge.sys.id} challenge={challenge} number={challengeNumber(challenges, challenge.sys.id)} now={now} />
          ))}
        </ul>
      </Container>
    </section>
  );
}
