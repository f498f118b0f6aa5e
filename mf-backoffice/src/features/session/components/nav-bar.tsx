import { css, type Theme } from '@emotion/react';
import { useState } from 'react';
import { NavLink, useNavigate } from '@erd/shared-contracts';
import { backofficePaths } from '@erd/shared-contracts/backoffice';
import { Button, Container } from '@erd/shared-contracts/ui';
import { useOperatorSession } from '../../../lib/operator-session';
import { MESSAGES_PATH } from '../../messages/lib';
import { logOut } from '../api/log-out';
import { cluster } from '../../../components/layout-styles';

export const navTexts = {
  logoutFailed: 'Abmelden hat nicht geklappt. Bitte versuche es noch einmal.',
} as const;

/** The back office's screens that work today; a screen joins this list when it exists. */
const screens = [
  { to: backofficePaths.overview, label: 'Überblick' },
  { to: backofficePaths.moderation, label: 'Moderation' },
  { to: backofficePaths.votes, label: 'Stimmen' },
  { to: backofficePaths.reach, label: 'Reichweite' },
  { to: backofficePaths.seasons, label: 'Saisons' },
  { to: backofficePaths.challenges, label: 'Challenges' },
  { to: backofficePaths.results, label: 'Ergebnisse' },
  { to: backofficePaths.clubs, label: 'Vereine' },
  { to: backofficePaths.accounts, label: 'Konten' },
  /** Admins only (subscriber addresses): moderators do not see it (the screen and the server refuse them anyway). */
  { to: backofficePaths.newsletter, label: 'Newsletter', adminOnly: true },
  /** Admins only: messages to every club account (issue 25). */
  { to: MESSAGES_PATH, label: 'Nachrichten', adminOnly: true },
  { to: backofficePaths.content, label: 'Inhalte' },
  { to: backofficePaths.audit, label: 'Protokoll' },
  /** Admins only: moderators do not see it (the screen and the server refuse them anyway). */
  { to: backofficePaths.operators, label: 'Operatoren', adminOnly: true },
] as const;

const roleLabels: Record<string, string> = {
  moderator: 'Moderation',
  admin: 'Administration',
};

/**
 * The back office's bar: its name, the screens (for a signed-in operator), who is signed in and
 * 'Abmelden' (`POST /api/operator/logout`, then 'Anmeldung'). A failed sign-out says so next to
 * the button and keeps the operator signed in.
 */
export function NavBar() {
  const { state, signedOut } = useOperatorSession();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  const operator = state.status === 'signed-in' ? state.operator : null;

  const onLogout = async () => {
    setBusy(true);
    setFailed(false);
    try {
      await logOut();
      signedOut('signed-out');
      navigate(backofficePaths.login, { replace: true });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <header
      css={(theme: Theme) => css`
        background: ${theme.colors.primaryDark};
        color: ${theme.colors.white};
      `}
    >
      <Container
        css={[
          cluster([2, 6]),
          (theme: Theme) => css`
            min-height: 64px;
            padding-top: ${theme.space(2)};
            padding-bottom: ${theme.space(2)};
          `,
        ]}
      >
        <p
          css={(theme: Theme) => css`
            display: flex;
            align-items: center;
            gap: ${theme.space(2)};
            margin: 0;
            font-family: ${theme.fonts.headline};
            font-weight: 800;
            font-size: 1.25rem;
          `}
        >
          Punktejagd
          <span
            css={(theme: Theme) => css`
              padding: ${theme.space(0.5)} ${theme.space(2)};
              border-radius: ${theme.radius};
              background: ${theme.colors.primary};
              color: ${theme.colors.primaryDark};
              font-size: 0.875rem;
              letter-spacing: 0.04em;
              text-transform: uppercase;
            `}
          >
            Backoffice
          </span>
        </p>
        {operator && !operator.mustChangePassword && (
          <nav
            aria-label="Backoffice"
            css={css`
              /* The screens' links get a row of their own below the name and the sign-in line (eleven of
                 them do not fit beside it), wrapping within it on a tablet. */
              order: 1;
              flex: 1 1 100%;
            `}
          >
            <ul
              css={(theme: Theme) => css`
                display: flex;
                flex-wrap: wrap;
                gap: 0;
                /* The first link's text lines up with the name above it. */
                margin: 0 0 0 -${theme.space(2)};
                padding: 0;
                list-style: none;
              `}
            >
              {screens
                .filter((screen) => !('adminOnly' in screen) || operator.role === 'admin')
                .map((screen) => (
                  <li key={screen.to}>
                    <NavLink
                      to={screen.to}
                      end
                      css={(theme: Theme) => css`
                        display: inline-flex;
                        align-items: center;
                        min-height: 44px;
                        padding: 0 ${theme.space(2)};
                        border-bottom: 3px solid transparent;
                        font-weight: 700;
                        text-decoration: none;
                        &:hover {
                          border-bottom-color: rgba(255, 255, 255, 0.5);
                        }
                        &[aria-current='page'] {
                          border-bottom-color: ${theme.colors.primary};
                        }
                      `}
                    >
                      {screen.label}
                    </NavLink>
                  </li>
                ))}
            </ul>
          </nav>
        )}
        {operator && (
          <div
            css={[
              cluster([2, 4]),
              css`
                margin-left: auto;
              `,
            ]}
          >
            <p
              css={css`
                margin: 0;
                font-size: 0.9375rem;
                overflow-wrap: anywhere;
              `}
            >
              {operator.email ? <>Angemeldet als {operator.email}</> : 'Angemeldet'}
              {operator.role && roleLabels[operator.role] && <> (Rolle: {roleLabels[operator.role]})</>}
            </p>
            <NavLink
              to={backofficePaths.password}
              end
              css={css`
                display: inline-flex;
                align-items: center;
                min-height: 40px;
                font-size: 0.9375rem;
                font-weight: 700;
              `}
            >
              Passwort ändern
            </NavLink>
            <Button
              variant="outline"
              onClick={() => void onLogout()}
              disabled={busy}
              aria-busy={busy || undefined}
              aria-describedby={failed ? 'backoffice-logout-error' : undefined}
              css={css`
                min-height: 40px;
                text-transform: none;
              `}
            >
              Abmelden
            </Button>
          </div>
        )}
      </Container>
      {failed && (
        <Container>
          <p
            id="backoffice-logout-error"
            role="alert"
            css={(theme: Theme) => css`
              margin: 0;
              padding: ${theme.space(2)} 0 ${theme.space(3)};
              text-align: right;
              color: ${theme.colors.white};
              font-weight: 700;
              &::before {
                content: '⚠ ';
                color: ${theme.colors.primary};
              }
            `}
          >
            {navTexts.logoutFailed}
          </p>
        </Container>
      )}
    </header>
  );
}
