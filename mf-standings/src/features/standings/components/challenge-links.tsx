import { css, type Theme } from '@emotion/react';
import { useId } from 'react';
import { Link, paths, type TeamFilter } from '@erd/shared-contracts';
import { Container, Headline } from '@erd/shared-contracts/ui';
import type { TableChallenge } from '../../../lib/challenges';
import { withTeam } from '../hooks/use-team-filter';

/** 'Tabelle je Challenge': links to the tables of the finished challenges (keeping the chosen team). */
export function ChallengeLinks({ challenges, currentId, team }: { challenges: TableChallenge[]; currentId?: string; team: TeamFilter }) {
  const headingId = useId();
  return (
    <nav
      aria-labelledby={headingId}
      css={(theme: Theme) => css`
        padding: ${theme.space(10)} 0;
        background: ${theme.colors.surface};
      `}
    >
      <Container>
        <Headline as="h2" level="md" id={headingId}>
          Tabelle je Challenge
        </Headline>
        <ul
          css={(theme: Theme) => css`
            list-style: none;
            margin: 0;
            padding: 0;
            display: grid;
            gap: ${theme.space(2)};
            ${theme.mq.sm} {
              grid-template-columns: repeat(2, minmax(0, 1fr));
            }
          `}
        >
          {challenges.map(({ id, headline, number }) => (
            <li key={id}>
              <Link
                to={withTeam(paths.challengeStandings(id), team)}
                aria-current={id === currentId ? 'page' : undefined}
                css={(theme: Theme) => css`
                  display: flex;
                  align-items: center;
                  gap: ${theme.space(3)};
                  min-height: 44px;
                  padding: ${theme.space(2)} ${theme.space(3)};
                  border: 2px solid ${theme.colors.border};
                  border-radius: ${theme.radius};
                  color: ${theme.colors.textDark};
                  font-weight: 700;
                  text-decoration: none;
                  &:hover {
                    border-color: ${theme.colors.primaryDark};
                  }
                  &[aria-current='page'] {
                    border-color: ${theme.colors.primary};
                    background: #fff8e0;
                  }
                `}
              >
                <span
                  css={(theme: Theme) => css`
                    font-family: ${theme.fonts.headline};
                    font-weight: 900;
                    color: ${theme.colors.primaryDark};
                  `}
                >
                  #{number}
                </span>{' '}
                {headline}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}
