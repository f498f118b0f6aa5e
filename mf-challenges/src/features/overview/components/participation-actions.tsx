import { lazy, Suspense } from 'react';
import { paths, type ChallengeDto, type ChallengeTimeState } from '@erd/shared-contracts';
import { ButtonLink, Spinner } from '@erd/shared-contracts/ui';
import { ButtonRow } from './card-parts';

// Visitors (most first visits) do not download the forms: the member part is its own chunk.
const MemberActions = lazy(() => import('./member-actions').then((m) => ({ default: m.MemberActions })));

type ActiveState = Extract<ChallengeTimeState, 'ongoing' | 'submit' | 'vote'>;

/**
 * What a running challenge offers below its text (spec §2, §4 Entries):
 * - visitors: 'Teilnehmen' (to the login), and the entries ('ABSTIMMEN' while voting, else 'STÖBERN');
 * - members, estimate and goals: the number form;
 * - members, vote challenges: the slogan or picture form until the club has sent one, then
 *   'Dein Spruch/Bild wird in Kürze freigeschaltet.' until it is published, then a button to it
 *   ('MEINEN SPRUCH/MEIN BILD ANZEIGEN' while submitting, 'ABSTIMMEN' while voting). A rejected entry
 *   is gone (the API answers null again), so the form is back.
 */
export function ParticipationActions({
  challenge,
  state,
  loggedIn,
}: {
  challenge: ChallengeDto;
  state: ActiveState;
  loggedIn: boolean;
}) {
  if (!loggedIn) return <VisitorButtons challenge={challenge} state={state} />;
  return (
    <Suspense fallback={<Spinner label="Deine Teilnahme wird geladen …" />}>
      <MemberActions key={challenge.sys.id} challenge={challenge} state={state} />
    </Suspense>
  );
}

function VisitorButtons({ challenge, state }: { challenge: ChallengeDto; state: ActiveState }) {
  const browse = paths.challenge(challenge.sys.id);
  return (
    <ButtonRow>
      {state === 'vote' && <ButtonLink to={browse}>ABSTIMMEN</ButtonLink>}
      <ButtonLink to={paths.login} variant={state === 'vote' ? 'secondary' : 'primary'}>
        Teilnehmen
      </ButtonLink>
      {state === 'submit' && (
        <ButtonLink to={browse} variant="secondary">
          STÖBERN
        </ButtonLink>
      )}
    </ButtonRow>
  );
}
