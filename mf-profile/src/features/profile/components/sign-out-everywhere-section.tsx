import { css, type Theme } from '@emotion/react';
import { useEffect, useRef, useState } from 'react';
import { paths, sessionStore, useNavigate } from '@erd/shared-contracts';
import { Button } from '@erd/shared-contracts/ui';
import { FormMessage } from '@erd/shared-contracts/forms';
import { ProfileSection } from './profile-section';

export const signOutEverywhereTexts = {
  title: 'Angemeldete Geräte',
  intro:
    '„Ausloggen“ im Menü meldet nur dieses Gerät ab. Nutzt euer Verein das Konto auf mehreren Geräten, beendest du hier alle Anmeldungen auf einmal – etwa wenn ein Handy verloren gegangen ist.',
  action: 'Überall abmelden',
  question: 'Wirklich überall abmelden? Alle Geräte, auch dieses, müssen sich danach neu einloggen.',
  confirm: 'Ja, überall abmelden',
  cancel: 'Abbrechen',
  failed: 'Das Abmelden auf allen Geräten hat nicht geklappt. Bitte versuche es gleich noch einmal.',
} as const;

type Step = 'idle' | 'confirming' | 'busy' | 'failed';

const rowStyle = (theme: Theme) => css`
  display: flex;
  flex-wrap: wrap;
  gap: ${theme.space(3)};
`;

/**
 * 'Überall abmelden' (issue 28): ends the account's sessions on every device through mf-auth's
 * sign-out registered in the shared store (GlobalSignOut), after a confirmation, then goes home as
 * 'Ausloggen' does. When the identity service does not confirm it, this device stays signed in and
 * the member is told to try again. Focus follows the step: the confirmation, then back.
 */
export function SignOutEverywhereSection() {
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('idle');
  const confirmRef = useRef<HTMLButtonElement>(null);
  const actionRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (step === 'confirming') confirmRef.current?.focus();
    if (step === 'idle' && returnFocus.current) {
      returnFocus.current = false;
      actionRef.current?.focus();
    }
  }, [step]);

  const signOutEverywhere = async () => {
    setStep('busy');
    const { signOutEverywhere: endAll } = sessionStore.getState();
    let ended = false;
    try {
      ended = endAll ? await endAll() : false;
    } catch {
      ended = false;
    }
    if (ended) navigate(paths.home);
    else setStep('failed');
  };

  const cancel = () => {
    returnFocus.current = true;
    setStep('idle');
  };

  const asking = step === 'confirming' || step === 'busy';
  return (
    <ProfileSection title={signOutEverywhereTexts.title}>
      <p>{signOutEverywhereTexts.intro}</p>
      {asking ? (
        <>
          <p>
            <strong>{signOutEverywhereTexts.question}</strong>
          </p>
          <div css={rowStyle}>
            <Button
              ref={confirmRef}
              variant="secondary"
              disabled={step === 'busy'}
              aria-busy={step === 'busy' || undefined}
              onClick={() => void signOutEverywhere()}
            >
              {signOutEverywhereTexts.confirm}
            </Button>
            <Button variant="ghost" disabled={step === 'busy'} onClick={cancel}>
              {signOutEverywhereTexts.cancel}
            </Button>
          </div>
        </>
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
