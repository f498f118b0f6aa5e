import { css, type Theme } from '@emotion/react';
import { berlinToday, getRuntimeConfig, Link, paths } from '@erd/shared-contracts';
import { ButtonLink, Container } from '@erd/shared-contracts/ui';
import { useJoinTarget } from '../../../lib/use-join-target';
import { useSeasonOver } from '../../../lib/use-season';
import { NewsletterSlot } from './newsletter-slot';

const linkStyle = (theme: Theme) => css`
  display: inline-flex;
  align-items: center;
  min-height: 44px;
  padding: 0 ${theme.space(1)};
  color: ${theme.colors.white};
  text-decoration: underline;
  text-underline-offset: 3px;
  &:hover {
    color: ${theme.colors.primary};
  }
`;

/**
 * Spec §2 footer: 'Bereit zu punkten?', a join button, the newsletter form, legal links and a
 * contact mailto. Once the season is over the button leads to the final standings instead (issue 24). While the age gate shows, its controls are not rendered (spec: hidden).
 */
export function Footer({ controlsHidden = false }: { controlsHidden?: boolean }) {
  const joinTarget = useJoinTarget();
  const seasonOver = useSeasonOver();
  const { serviceEmail, productName } = getRuntimeConfig();

  return (
    <footer
      css={(theme: Theme) => css`
        background: ${theme.colors.primaryDark};
        color: ${theme.colors.white};
        padding: ${theme.space(12)} 0 ${theme.space(6)};
        border-top: 6px solid ${theme.colors.primary};
      `}
    >
      <Container>
        <div
          css={(theme: Theme) => css`
            display: grid;
            gap: ${theme.space(10)};
            ${theme.mq.md} {
              grid-template-columns: 1fr 1fr;
              gap: ${theme.space(16)};
              align-items: start;
            }
          `}
        >
          <div>
            <p
              css={(theme: Theme) => css`
                font-family: ${theme.fonts.headline};
                font-weight: 900;
                font-size: clamp(2rem, 8vw, 3rem);
                line-height: 1.05;
                margin: 0 0 ${theme.space(5)};
              `}
            >
              Bereit zu punkten?
            </p>
            {!controlsHidden &&
              (seasonOver ? (
                <ButtonLink to={paths.standings}>ZUR ABSCHLUSSTABELLE</ButtonLink>
              ) : (
                <ButtonLink to={joinTarget}>Jetzt mitmachen</ButtonLink>
              ))}
          </div>
          {!controlsHidden && <NewsletterSlot />}
        </div>
        {/* The legal links stay with the controls hidden: the Impressum is reachable from every page. */}
        <nav
          aria-label="Rechtliches und Kontakt"
          css={(theme: Theme) => css`
            margin-top: ${theme.space(12)};
            padding-top: ${theme.space(4)};
            border-top: 1px solid rgba(255, 255, 255, 0.2);
          `}
        >
          <ul
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              gap: ${theme.space(1)} ${theme.space(4)};
              list-style: none;
              margin: 0;
              padding: 0;
            `}
          >
            <li>
              <Link to={paths.terms} css={linkStyle}>
                Teilnahmebedingungen
              </Link>
            </li>
            <li>
              <Link to={paths.dataProtection} css={linkStyle}>
                Datenschutz
              </Link>
            </li>
            <li>
              <Link to={paths.imprint} css={linkStyle}>
                Impressum
              </Link>
            </li>
            <li>
              <a href={`mailto:${serviceEmail}`} css={linkStyle}>
                Kontakt
              </a>
            </li>
          </ul>
        </nav>
        <p
          css={(theme: Theme) => css`
            margin: ${theme.space(4)} 0 0;
            font-size: 0.875rem;
            opacity: 0.7;
          `}
        >
          © {berlinToday().slice(0, 4)} {productName} · Teilnahme und Gewinne ab 18 Jahren
        </p>
      </Container>
    </footer>
  );
}
