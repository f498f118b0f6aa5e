import { lazy, Suspense } from 'react';
import { paths, phaseActions, type ChallengeDto, type IsoDate } from '@erd/shared-contracts';
import { ButtonLink, Spinner } from '@erd/shared-contracts/ui';
import { ButtonRow } from './card-parts';

// Visitors (most first visits) do not download the forms: the member part is its own chunk.
const MemberActions = lazy(() => import('./member-actions').then((m) => ({ default: m.MemberActions })));

/**
 * What a running challenge offers below its text (spec §2, §4 Entries), following its phase
 * (`phaseActions`, issue 24: no 'Teilnehmen' once submission has closed):
 * - visitors: 'Teilnehmen' (to the login) while entries are taken, 'ABSTIMMEN' while voting runs,
 *   'STÖBERN' while entries come in;
 * - members, estimate and goals: the number form;
 * - members, vote challenges: the slogan or picture form until the club has sent one, then what it
 *   sent with 'Dein Spruch/Bild wird in Kürze freigeschaltet.' until it is published, then a button to
 *   it ('MEINEN SPRUCH/MEIN BILD ANZEIGEN' while submitting, 'ABSTIMMEN' while voting). A rejected
 *   entry is gone: the operator's reason is shown, and the form is back while submission is open.
 */
export function ParticipationActions({ challenge, today, loggedIn }: { challenge: ChallengeDto; today: IsoDate; loggedIn: boolean }) {
  if (!loggedIn) return <VisitorButtons challenge={challenge} today={today} />;
  return (
    <Suspense fallback={<Spinner label="Deine Teilnahme wird geladen …" />}>
      <MemberActions key={challenge.sys.id} challenge={challenge} today={today} />
    </Suspense>
  );
}

function VisitorButtons({ challenge, today }: { challenge: ChallengeDto; today: IsoDate }) {
  const browse = paths.challenge(challenge.sys.id);
  const actions = phaseActions(challenge, today);
  return (
    <ButtonRow>
      {actions.includes('vote') && <ButtonLink to={browse}>ABSTIMMEN</ButtonLink>}
      {actions.includes('enter') && <ButtonLink to={paths.login}>Teilnehmen</ButtonLink>}
      {actions.includes('browse') && (
        <ButtonLink to={browse} variant="secondary">
          STÖBERN
        </ButtonLink>
      )}
    </ButtonRow>
  );
}
