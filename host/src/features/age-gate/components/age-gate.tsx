import { css, Global, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, useState } from 'react';
import { getRuntimeConfig } from '@erd/shared-contracts';
import { Button } from '@erd/shared-contracts/ui';
import { Logo } from '../../../components/logo';
import { useAgeConsent, writeAgeConsent } from '../../../lib/age-consent';

/** Spec §9: the approval fades out in 1 s. */
export const AGE_GATE_FADE_MS = 1000;
const BODY_CLASS = 'erd-age-gate-open';

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

/**
 * Spec §2/§4 age gate: a full-screen modal on every route until the visitor confirms being 18 or
 * older. 'Nein' is remembered and shows the denied message, also after a reload. Approval hides
 * the gate with a 1-second fade. The layout keeps the page behind inert meanwhile.
 */
export function AgeGate() {
  const consent = useAgeConsent();
  const [leaving, setLeaving] = useState(false);
  const titleId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);
  const deniedTitle = useRef<HTMLHeadingElement>(null);
  const denied = consent === 'denied';
  const visible = consent !== 'approved' || leaving;
  const blocking = consent !== 'approved';

  useEffect(() => {
    if (!blocking) return undefined;
    document.body.classList.add(BODY_CLASS);
    return () => document.body.classList.remove(BODY_CLASS);
  }, [blocking]);

  // Focus inside the dialog: the first choice, or the denied message once 'Nein' was chosen.
  useEffect(() => {
    if (denied) deniedTitle.current?.focus();
    else if (blocking) firstButton.current?.focus();
  }, [denied, blocking]);

  useEffect(() => {
    if (!leaving) return undefined;
    // The page is no longer inert: continue on its main content.
    document.getElementById('main')?.focus({ preventScroll: true });
    const timer = setTimeout(() => setLeaving(false), AGE_GATE_FADE_MS);
    return () => clearTimeout(timer);
  }, [leaving]);

  if (!visible) return null;

  const { productName } = getRuntimeConfig();
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

  return (
    <div
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-state={leaving ? 'leaving' : denied ? 'denied' : 'open'}
      css={(theme: Theme) => css`
        position: fixed;
        inset: 0;
        z-index: ${theme.zIndex.ageGate};
        display: flex;
        overflow-y: auto;
        background:
          radial-gradient(circle at 50% 0%, rgba(242, 183, 5, 0.18), transparent 60%),
          ${theme.colors.primaryDark};
        color: ${theme.colors.white};
        text-align: center;
        opacity: ${leaving ? 0 : 1};
        pointer-events: ${leaving ? 'none' : 'auto'};
        transition: opacity ${AGE_GATE_FADE_MS}ms ease;
      `}
    >
      <Global
        styles={css`
          body.${BODY_CLASS} {
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
                  onClick={() => {
                    setLeaving(true);
                    writeAgeConsent('approved');
                  }}
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
                  onClick={() => writeAgeConsent('denied')}
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
      </div>
    </div>
  );
}
