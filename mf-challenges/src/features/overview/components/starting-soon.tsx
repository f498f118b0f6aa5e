import { css, type Theme } from '@emotion/react';
import { formatDayMonth, paths, type IsoDate } from '@erd/shared-contracts';
import { ButtonLink, Headline } from '@erd/shared-contracts/ui';

/** Spec §2: shown above the list while every challenge is still upcoming. */
export function StartingSoon({ firstStart, loggedIn }: { firstStart: IsoDate; loggedIn: boolean }) {
  return (
    <section
      aria-labelledby="starting-soon-title"
      css={(theme: Theme) => css`
        margin-bottom: ${theme.space(8)};
        padding: ${theme.space(6)} ${theme.space(5)};
        border-radius: ${theme.radius};
        background: ${theme.colors.primary};
        color: ${theme.colors.primaryDark};
        ${theme.mq.md} {
          display: flex;
          align-items: center;
          justify-content: space-between;
          gap: ${theme.space(8)};
          padding: ${theme.space(8)} ${theme.space(10)};
        }
      `}
    >
      <div>
        <Headline as="h2" level="lg" id="starting-soon-title">
          Erste Challenge beginnt bald
        </Headline>
        <p
          css={css`
            margin: 0;
            font-size: 1.125rem;
            font-weight: 700;
          `}
        >
          Los geht’s am {formatDayMonth(firstStart)}.
          {!loggedIn && ' Melde dich jetzt an, damit dein Verein von Anfang an dabei ist.'}
        </p>
      </div>
      {!loggedIn && (
        <ButtonLink
          to={paths.login}
          variant="secondary"
          css={(theme: Theme) => css`
            margin-top: ${theme.space(5)};
            flex-shrink: 0;
            ${theme.mq.md} {
              margin-top: 0;
            }
          `}
        >
          Teilnehmen
        </ButtonLink>
      )}
    </section>
  );
}
