import { css, Global, type Theme } from '@emotion/react';
import type { MouseEvent, Ref } from 'react';
import { paths } from '@erd/shared-contracts/wire';
import { Button } from '@erd/shared-contracts/ui';
import { Logo } from '../../../components/logo';

/** Spec §9: the approval fades out in 1 s. */
export const AGE_GATE_FADE_MS = 1000;
/** On the body while the gate blocks the page: no scrolling behind it. */
export const AGE_GATE_BODY_CLASS = 'erd-age-gate-open';

const choiceStyle = (theme: Theme) => css`
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${theme.space(2)};
  flex: 1;
  max-width: 280px;
  margin: 0 auto;
  p {
    margin: 0;
    font-size: 0.9375rem;
  }
`;

const choiceButton = css`
  min-width: 160px;
  font-size: 1.25rem;
  text-transform: none;
`;

const textLink = (theme: Theme) => css`
  color: inherit;
  font: inherit;
  text-decoration: underline;
  text-underline-offset: 0.2em;
  &:hover {
    color: ${theme.colors.primary};
  }
  &:focus-visible {
    outline: 2px solid ${theme.colors.primary};
    outline-offset: 2px;
  }
`;

/** The legal pages the gate links to: readable by anyone, also after a 'Nein' (§ 5 DDG, GDPR art. 13). */
const LEGAL_LINKS = [
  { to: paths.imprint, label: 'Impressum' },
  { to: paths.dataProtection, label: 'Datenschutz' },
] as const;

export type AgeGateState = 'open' | 'denied' | 'leaving';

/**
 * What the gate shows, without its behaviour: rendered by `AgeGate` and, before any script has run,
 * into the page by the host build (`host/src/shell/gate-shell.tsx`), so both are the same markup.
 * `data-consent-choice` on the buttons lets the page's inline consent script act on a choice made
 * before the app has started ('ask' takes a 'Nein' back). The links to the Impressum and the privacy
 * notice are plain links there; the app passes `onLegalLink` to follow them without a reload.
 */
export function AgeGateView({
  productName,
  state,
  titleId,
  firstButton,
  deniedTitle,
  onApprove,
  onDeny,
  onAskAgain,
  onLegalLink,
}: {
  productName: string;
  state: AgeGateState;
  titleId: string;
  firstButton?: Ref<HTMLButtonElement>;
  deniedTitle?: Ref<HTMLHeadingElement>;
  onApprove?: () => void;
  onDeny?: () => void;
  onAskAgain?: () => void;
  onLegalLink?: (event: MouseEvent<HTMLAnchorElement>, to: string) => void;
}) {
  const leaving = state === 'leaving';
  const denied = state === 'denied';
  const notice = (
    <p
      css={(theme: Theme) => css`
        margin: ${theme.space(8)} auto 0;
        max-width: 36rem;
        font-size: 0.875rem;
        opacity: 0.85;
      `}
    >
      Die Teilnahme an der {productName} und die Gewinne sind nur für Personen ab 18 Jahren.
    </p>
  );
  const legalLinks = (
    <nav
      aria-label="Rechtliches"
      css={(theme: Theme) => css`
        display: flex;
        justify-content: center;
        flex-wrap: wrap;
        gap: ${theme.space(2)} ${theme.space(6)};
        margin-top: ${theme.space(4)};
        font-size: 0.875rem;
        opacity: 0.85;
      `}
    >
      {LEGAL_LINKS.map(({ to, label }) => (
        <a key={to} href={to} css={textLink} onClick={onLegalLink && ((event) => onLegalLink(event, to))}>
          {label}
        </a>
      ))}
    </nav>
  );

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-state={state}
      css={(theme: Theme) => css`
        position: fixed;
        inset: 0;
        z-index: ${theme.zIndex.ageGate};
        display: flex;
        overflow-y: auto;
        background: radial-gradient(circle at 50% 0%, rgba(242, 183, 5, 0.18), transparent 60%), ${theme.colors.primaryDark};
        color: ${theme.colors.white};
        text-align: center;
        opacity: ${leaving ? 0 : 1};
        pointer-events: ${leaving ? 'none' : 'auto'};
        transition: opacity ${AGE_GATE_FADE_MS}ms ease;
      `}
    >
      <Global
        styles={css`
          body.${AGE_GATE_BODY_CLASS} {
            overflow: hidden;
          }
        `}
      />
      <div
        css={(theme: Theme) => css`
          margin: auto;
          width: 100%;
          max-width: 720px;
          padding: ${theme.space(10)} ${theme.space(5)};
        `}
      >
        <div
          css={(theme: Theme) => css`
            margin-bottom: ${theme.space(6)};
          `}
        >
          <Logo />
        </div>
        {denied ? (
          <>
            <h2
              id={titleId}
              ref={deniedTitle}
              tabIndex={-1}
              css={(theme: Theme) => css`
                font-family: ${theme.fonts.headline};
                font-weight: 900;
                font-size: clamp(2rem, 9vw, 3.75rem);
                line-height: 1.05;
                margin: 0;
                overflow-wrap: anywhere;
                &:focus {
                  outline: none;
                }
              `}
            >
              SCHADE! NÄCHSTES JAHR VIELLEICHT?
            </h2>
            <button
              type="button"
              data-consent-choice="ask"
              onClick={onAskAgain}
              css={(theme: Theme) => css`
                ${textLink(theme)};
                margin-top: ${theme.space(8)};
                padding: ${theme.space(2)};
                background: none;
                border: 0;
                font-size: 1.125rem;
                font-weight: 700;
                cursor: pointer;
              `}
            >
              Doch schon 18?
            </button>
          </>
        ) : (
          <>
            <h2
              id={titleId}
              css={(theme: Theme) => css`
                font-family: ${theme.fonts.headline};
                font-weight: 900;
                font-size: clamp(2rem, 9vw, 3.75rem);
                line-height: 1.05;
                margin: 0 0 ${theme.space(10)};
                overflow-wrap: anywhere;
              `}
            >
              ALT GENUG ZUM PUNKTEN?
            </h2>
            <div
              css={(theme: Theme) => css`
                display: flex;
                flex-direction: column;
                gap: ${theme.space(8)};
                ${theme.mq.sm} {
                  flex-direction: row;
                  gap: ${theme.space(6)};
                }
              `}
            >
              <div css={choiceStyle}>
                <Button
                  ref={firstButton}
                  aria-describedby={`${titleId}-yes`}
                  data-consent-choice="approved"
                  onClick={onApprove}
                  css={choiceButton}
                >
                  JA
                </Button>
                <p id={`${titleId}-yes`}>Ich bestätige, dass ich mindestens 18 Jahre alt bin.</p>
              </div>
              <div css={choiceStyle}>
                <Button
                  variant="outline"
                  aria-describedby={`${titleId}-no`}
                  data-consent-choice="denied"
                  onClick={onDeny}
                  css={choiceButton}
                >
                  Nein
                </Button>
                <p id={`${titleId}-no`}>Ich bin noch keine 18 Jahre alt.</p>
              </div>
            </div>
          </>
        )}
        {notice}
        {legalLinks}
      </div>
    </div>
  );
}
