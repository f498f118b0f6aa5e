import { css, type Theme } from '@emotion/react';
import { Link, paths, resolveServiceUrl, selectIsLoggedIn, sessionStore, storageKeys, useSession } from '@erd/shared-contracts';
import { ButtonLink, Container, Icon } from '@erd/shared-contracts/ui';
import { lazyPart } from '../../../components/lazy-part';
import { Logo } from '../../../components/logo';
import { useJoinTarget } from '../../../lib/use-join-target';
import { useSeasonOver } from '../../../lib/use-season';
import { useSessionClub } from '../api/get-session-club';
import { useMenu } from '../hooks/use-menu';

const MENU_ID = 'site-menu';
/** The slide-out menu's panel: fetched when the visitor opens the menu or heads for its button. */
const siteMenu = lazyPart(() => import(/* webpackChunkName: "site-menu" */ './site-menu').then((m) => m.SiteMenu));

const iconButton = (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 44px;
  height: 44px;
  padding: 0;
  border: 0;
  border-radius: 50%;
  background: transparent;
  color: ${theme.colors.white};
  cursor: pointer;
  transition: background-color 0.15s;
  &:hover {
    background: rgba(255, 255, 255, 0.12);
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: 2px;
  }
`;

/** Remembers that the visitor wanted the profile, so the login leads there (spec §2). */
function rememberProfileRedirect() {
  try {
    sessionStorage.setItem(storageKeys.redirectAfterLogin, paths.profile);
  } catch {
    // storage disabled: the login then leads to /challenge
  }
}

const clearSession = async () => sessionStore.getState().clear();

/** The profile button's face: the club logo when signed in and the club has one, else the user icon. */
function ProfileBadge() {
  const club = useSessionClub();
  const logo = club?.fields.logourl?.trim();
  if (!logo) return <Icon name="user-outline" size="sm" color="white" />;
  return (
    <img
      src={resolveServiceUrl(logo)}
      alt=""
      width={36}
      height={36}
      css={(theme: Theme) => css`
        width: 36px;
        height: 36px;
        object-fit: contain;
        border-radius: 50%;
        background: ${theme.colors.white};
        padding: 2px;
      `}
    />
  );
}

/** The header's fixed height in px: phones, and from the `md` breakpoint on (the layout reserves the rest of the viewport for the main area). */
export const HEADER_HEIGHT_PX = { base: 64, md: 80 } as const;

/** The header's bar and its row: the app's header and the page's frame before scripts (shell/frame-shell.tsx) look the same. */
export const headerBarStyle = (theme: Theme) => css`
  --erd-header-height: ${HEADER_HEIGHT_PX.base}px;
  position: sticky;
  top: 0;
  z-index: ${theme.zIndex.header};
  height: var(--erd-header-height);
  background: ${theme.colors.primaryDark};
  color: ${theme.colors.white};
  box-shadow: 0 1px 0 rgba(255, 255, 255, 0.08);
  ${theme.mq.md} {
    --erd-header-height: ${HEADER_HEIGHT_PX.md}px;
  }
`;

export const headerRowStyle = css`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
  height: 100%;
`;

/** The row's controls on the right: the join button, the profile and the menu button. */
export const headerControlsStyle = (theme: Theme) => css`
  display: flex;
  align-items: center;
  gap: ${theme.space(1)};
  ${theme.mq.sm} {
    gap: ${theme.space(2)};
  }
`;

/** The join button ('Jetzt mitmachen', after the season 'Abschlusstabelle'): small on phones. */
export const headerCtaStyle = (theme: Theme) => css`
  padding: ${theme.space(2)} ${theme.space(3)};
  font-size: 0.8125rem;
  white-space: nowrap;
  margin-right: ${theme.space(1)};
  ${theme.mq.sm} {
    padding: ${theme.space(2.5)} ${theme.space(5)};
    font-size: 1rem;
  }
`;

/**
 * Spec §2 header: logo to the home page, join button, profile button (club logo when signed in)
 * and the slide-out menu. Once the season is over the join button becomes 'Abschlusstabelle' to the
 * final standings (issue 24: nobody is asked to join a season that has ended). While the age gate shows, its controls are not rendered (spec: hidden).
 * `onSignOut` ends the session for 'Ausloggen' (the app passes mf-auth's sign-out).
 */
export function Header({
  controlsHidden = false,
  onSignOut = clearSession,
}: {
  controlsHidden?: boolean;
  onSignOut?: () => Promise<void>;
}) {
  const isLoggedIn = useSession(selectIsLoggedIn);
  const joinTarget = useJoinTarget();
  const seasonOver = useSeasonOver();
  const menu = useMenu(siteMenu);

  return (
    <header css={headerBarStyle}>
      <Container css={headerRowStyle}>
        <Link
          to={paths.home}
          aria-label="Punktejagd – zur Startseite"
          css={(theme: Theme) => css`
            display: inline-flex;
            align-items: center;
            min-height: 44px;
            min-width: 44px;
            text-decoration: none;
            border-radius: ${theme.radius};
            &:focus-visible {
              outline: 3px solid ${theme.colors.focus};
              outline-offset: 2px;
            }
          `}
        >
          <Logo />
        </Link>
        {!controlsHidden && (
          <div css={headerControlsStyle}>
            <ButtonLink to={seasonOver ? paths.standings : joinTarget} css={headerCtaStyle}>
              {seasonOver ? 'Abschlusstabelle' : 'Jetzt mitmachen'}
            </ButtonLink>
            <Link
              to={isLoggedIn ? paths.profile : paths.login}
              onClick={isLoggedIn ? undefined : rememberProfileRedirect}
              aria-label="Profil"
              css={iconButton}
            >
              {isLoggedIn ? <ProfileBadge /> : <Icon name="user-outline" size="sm" color="white" />}
            </Link>
            <button
              ref={menu.buttonRef}
              type="button"
              aria-expanded={menu.open}
              aria-controls={MENU_ID}
              aria-label={menu.open ? 'Menü schließen' : 'Menü öffnen'}
              onClick={menu.toggle}
              onPointerEnter={menu.preload}
              onTouchStart={menu.preload}
              onFocus={menu.preload}
              css={iconButton}
            >
              <Icon name={menu.open ? 'menu-close-outline' : 'menu-outline'} size="sm" color="white" />
            </button>
          </div>
        )}
      </Container>
      {!controlsHidden && (
        <div id={MENU_ID} hidden={!menu.open}>
          {menu.Panel && <menu.Panel onClose={menu.close} panelRef={menu.panelRef} onSignOut={onSignOut} />}
        </div>
      )}
    </header>
  );
}
