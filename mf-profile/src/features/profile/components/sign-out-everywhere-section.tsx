import { css, type Theme } from '@emotion/react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { paths, sessionStore, useNavigate } from '@erd/shared-contracts';
import { Button } from '@erd/shared-contracts/ui';
import { FormMessage } from '@erd/shared-contracts/forms';
import { ProfileSection } from './profile-section';
import { SessionEnded } from './load-failure';

export const signOutEverywhereTexts = {
  title: 'Auf allen Geräten abmelden',
  intro:
    '„Ausloggen“ im Menü meldet nur dieses Gerät ab. Nutzt dein Verein das Konto auf mehreren Geräten, beendest du hier alle Anmeldungen auf einmal – etwa wenn ein Handy verloren gegangen ist.',
  action: 'Überall abmelden',
  question: 'Wirklich überall abmelden? Alle Geräte, auch dieses, müssen sich danach neu einloggen.',
  confirm: 'Ja, überall abmelden',
  cancel: 'Abbrechen',
  busy: 'Alle Geräte werden abgemeldet …',
  sessionEnded: 'Deine Sitzung ist abgelaufen. Bitte logge dich erneut ein.',
  failed: 'Das Abmelden auf allen Geräten hat nicht geklappt. Bitte versuche es gleich noch einmal.',
} as const;

type Step = 'idle' | 'confirming' | 'busy' | 'failed' | 'sessionEnded';

const rowStyle = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
`;

/**
 * 'Überall abmelden' (issue 28): ends the account's sessions on every device through mf-auth's
 * sign-out registered in the shared store (GlobalSignOut), after a confirmation, then goes home as
 * 'Ausloggen' does. When the identity service does not confirm it, this device stays signed in and
 * the member is told to try again; when this device's session had ended already, the member is
 * sent to the login. Focus follows the step: to the confirmation (Escape cancels), then back to the
 * action; while it runs the confirm button stays focused (aria-disabled) and a status says so.
 */
export function SignOutEverywhereSection() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('idle');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const questionId = useId();

  useEffect(() => {
    if (step === 'confirming') confirmRef.current?.focus();
    if ((step === 'idle' || step === 'failed') && returnFocus.current) {
      returnFocus.current = false;
      actionRef.current?.focus();
    }
  }, [step]);

  const signOutEverywhere = async () => {
    if (step === 'busy') return;
    setStep('busy');
    const { signOutEverywhere: endAll } = sessionStore.getState();
    let ended = false;
    try {
      ended = endAll ? await endAll() : false;
    } catch {
      ended = false;
    }
    if (ended) return navigate(paths.home);
    returnFocus.current = true;
    setStep(sessionStore.getState().status === 'LOGGED_IN' ? 'failed' : 'sessionEnded');
  };

  const cancel = () => {
    if (step === 'busy') return;
    returnFocus.current = true;
    setStep('idle');
  };

  const cancelOnEscape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') cancel();
  };

  const asking = step === 'confirming' || step === 'busy';
  const busy = step === 'busy';
  return (
    <ProfileSection title={signOutEverywhereTexts.title}>
      <p>{signOutEverywhereTexts.intro}</p>
      {step === 'sessionEnded' ? (
        <SessionEnded text={signOutEverywhereTexts.sessionEnded} />
      ) : asking ? (
        <div css={(theme: Theme) => ({ display: 'grid', gap: theme.space(4) })} onKeyDown={cancelOnEscape}>
          <p id={questionId} css={{ margin: 0 }}>
            <strong>{signOutEverywhereTexts.question}</strong>
          </p>
          <div css={rowStyle}>
            <Button
              ref={confirmRef}
              variant="secondary"
              aria-describedby={questionId}
              aria-disabled={busy || undefined}
              aria-busy={busy || undefined}
              onClick={() => void signOutEverywhere()}
            >
              {signOutEverywhereTexts.confirm}
            </Button>
            <Button variant="ghost" disabled={busy} onClick={cancel}>
              {signOutEverywhereTexts.cancel}
            </Button>
          </div>
          <p role="status" css={{ margin: 0 }}>
            {busy ? signOutEverywhereTexts.busy : ''}
          </p>
        </div>
      ) : (
        <>
          {step === 'failed' && <FormMessage tone="error">{signOutEverywhereTexts.failed}</FormMessage>}
          <div css={rowStyle}>
            <Button ref={actionRef} variant="outline" onClick={() => setStep('confirming')}>
              {signOutEverywhereTexts.action}
            </Button>
          </div>
        </>
      )}
    </ProfileSection>
  );
}
