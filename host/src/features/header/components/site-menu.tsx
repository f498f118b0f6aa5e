import { css, Global, keyframes, type Theme } from '@emotion/react';
import { type ReactNode, type RefObject, useState } from 'react';
import { NavLink, paths, selectIsLoggedIn, sessionStore, useNavigate, useSession } from '@erd/shared-contracts';
import { SocialLinks } from '../../../components/social-links';
import { MENU_OPEN_BODY_CLASS } from '../hooks/use-menu';

const slideIn = keyframes`from { transform: translateX(100%); } to { transform: translateX(0); }`;
const fadeIn = keyframes`from { opacity: 0; } to { opacity: 1; }`;

const itemStyle = (theme: Theme) => css`
  display: flex;
  align-items: center;
  width: 100%;
  min-height: 56px;
  padding: ${theme.space(3)} ${theme.space(2)};
  border: 0;
  border-bottom: 1px solid rgba(255, 255, 255, 0.15);
  background: none;
  color: ${theme.colors.white};
  font-family: ${theme.fonts.headline};
  font-size: 1.5rem;
  font-weight: 900;
  text-transform: uppercase;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  &:hover,
  &[aria-current='page'] {
    color: ${theme.colors.primary};
  }
  &:focus-visible {
    outline: 3px solid ${theme.colors.focus};
    outline-offset: -3px;
  }
`;

export interface SiteMenuProps {
  onClose: () => void;
  panelRef: RefObject<HTMLDivElement | null>;
  /** Ends the session at the identity service; the store is cleared afterwards in any case. */
  onSignOut: () => Promise<void>;
}

/**
 * The slide-out menu (spec §2): pages, log in or out, social links. The header loads it on first
 * need (it is no part of the page's first load) and shows it in its element for the menu button's
 * aria-controls, hidden while the menu is closed.
 */
export function SiteMenu({ onClose, panelRef, onSignOut }: SiteMenuProps) {
  const isLoggedIn = useSession(selectIsLoggedIn);
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  const logout = async () => {
    setSigningOut(true);
    try {
      await onSignOut();
    } catch {
      // signed out locally below
    } finally {
      sessionStore.getState().clear();
      setSigningOut(false);
    }
    onClose();
    navigate(paths.home);
  };

  const item = (to: string, label: ReactNode, end = false) => (
    <li>
      <NavLink to={to} end={end} onClick={onClose} css={itemStyle}>
        {label}
      </NavLink>
    </li>
  );

  return (
    <>
      <Global
        styles={css`
          body.${MENU_OPEN_BODY_CLASS} {
            overflow: hidden;
            padding-right: var(--erd-scrollbar-width, 0px);
          }
        `}
      />
      <div
        data-testid="menu-backdrop"
        aria-hidden="true"
        onClick={onClose}
        css={(theme: Theme) => css`
          position: fixed;
          inset: var(--erd-header-height, 64px) 0 0 0;
          background: rgba(6, 20, 36, 0.6);
          animation: ${fadeIn} 0.2s ease-out;
          z-index: ${theme.zIndex.menu};
        `}
      />
      <nav
        ref={panelRef}
        aria-label="Hauptmenü"
        css={(theme: Theme) => css`
          position: fixed;
          top: var(--erd-header-height, 64px);
          right: 0;
          bottom: 0;
          width: min(100%, 400px);
          overflow-y: auto;
          overscroll-behavior: contain;
          padding: ${theme.space(4)} ${theme.space(6)} ${theme.space(8)};
          background: ${theme.colors.primaryDark};
          border-top: 1px solid rgba(255, 255, 255, 0.15);
          box-shadow: -8px 0 24px rgba(0, 0, 0, 0.25);
          animation: ${slideIn} 0.25s ease-out;
          z-index: ${theme.zIndex.menu + 1};
          display: flex;
          flex-direction: column;
          gap: ${theme.space(8)};
        `}
      >
        <ul
          css={css`
            list-style: none;
            margin: 0;
            padding: 0;
          `}
        >
          {item(paths.home, 'Home', true)}
          {item(paths.challenges, 'Challenges')}
          {item(paths.standings, 'Tabelle')}
          {item(paths.terms, 'Teilnahme')}
          <li>
            {isLoggedIn ? (
              <button type="button" onClick={() => void logout()} disabled={signingOut} aria-busy={signingOut || undefined} css={itemStyle}>
                Ausloggen
              </button>
            ) : (
              <NavLink to={paths.login} onClick={onClose} css={itemStyle}>
                Einloggen
              </NavLink>
            )}
          </li>
        </ul>
        <SocialLinks />
      </nav>
    </>
  );
}
