import { useEffect, useId, useRef, useState } from 'react';
import { getRuntimeConfig, useNavigate } from '@erd/shared-contracts';
import { clearAgeConsent, useAgeConsent, useAgeGateBlocks, writeAgeConsent } from '../../../lib/age-consent';
import { AGE_GATE_BODY_CLASS, AGE_GATE_FADE_MS, AgeGateView } from './age-gate-view';

export { AGE_GATE_FADE_MS };

/**
 * Spec §2/§4 age gate: a full-screen modal on every route until the visitor confirms being 18 or
 * older. 'Nein' is remembered and shows the denied message, also after a reload; 'Doch schon 18?'
 * asks again. Approval hides the gate with a 1-second fade. The layout keeps the page behind inert
 * meanwhile. The legal pages are never covered, and the gate links to the Impressum and the privacy
 * notice.
 */
export function AgeGate() {
  const consent = useAgeConsent();
  const blocking = useAgeGateBlocks();
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const titleId = useId();
  const firstButton = useRef<HTMLButtonElement>(null);
  const deniedTitle = useRef<HTMLHeadingElement>(null);
  const denied = consent === 'denied';
  const visible = blocking || leaving;

  useEffect(() => {
    if (!blocking) return undefined;
    document.body.classList.add(AGE_GATE_BODY_CLASS);
    return () => document.body.classList.remove(AGE_GATE_BODY_CLASS);
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

  return (
    <AgeGateView
      productName={getRuntimeConfig().productName}
      state={leaving ? 'leaving' : denied ? 'denied' : 'open'}
      titleId={titleId}
      firstButton={firstButton}
      deniedTitle={deniedTitle}
      onApprove={() => {
        setLeaving(true);
        writeAgeConsent('approved');
      }}
      onDeny={() => writeAgeConsent('denied')}
      onAskAgain={clearAgeConsent}
      onLegalLink={(event, to) => {
        event.preventDefault();
        navigate(to);
      }}
    />
  );
}
