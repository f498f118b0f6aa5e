import { css } from '@emotion/react';
import { formatDayMonth, paths, type IsoDate } from '@erd/shared-contracts';
import { ButtonLink } from '@erd/shared-contracts/ui';
import { noticeAction, OverviewNotice } from './overview-notice';

/** Spec §2: shown above the list while every challenge is still upcoming. */
export function StartingSoon({ firstStart, loggedIn }: { firstStart: IsoDate; loggedIn: boolean }) {
  return (
    <OverviewNotice
      id="starting-soon-title"
      tone="light"
      title="Erste Challenge beginnt bald"
      action={
        !loggedIn && (
          <ButtonLink to={paths.login} variant="secondary" css={noticeAction}>
            Teilnehmen
          </ButtonLink>
        )
      }
    >
      <p
        css={css`
          margin: 0;
          font-size: 1.125rem;
          font-weight: 700;
        `}
      >
        Los geht’s am {formatDayMonth(firstStart)}.{!loggedIn && ' Melde dich jetzt an, damit dein Verein von Anfang an dabei ist.'}
      </p>
    </OverviewNotice>
  );
}
