import { lazy, Suspense } from 'react';
import {
  getRuntimeConfig,
  isPublished,
  isVoteChallenge,
  paths,
  type ChallengeDto,
  type ChallengeTimeState,
  type ParticipationDto,
} from '@erd/shared-contracts';
import { ButtonLink, Spinner } from '@erd/shared-contracts/ui';
import { useMyParticipation } from '../../../api/my-participation';
import { EstimateForm } from '../forms/estimate-form';
import { PendingNotice } from '../forms/form-parts';
import { messages } from '../forms/messages';
import { SloganForm } from '../forms/slogan-form';
import { ButtonRow } from './card-parts';
import { RemovedVotesNotice } from './removed-votes-notice';

// The upload form (file chooser, progress, presigned post) is only needed by a member in the
// submission window of a picture challenge.
const PictureForm = lazy(() => import('../forms/picture-form').then((m) => ({ default: m.PictureForm })));

type ActiveState = Extract<ChallengeTimeState, 'ongoing' | 'submit' | 'vote'>;

const loadingLabel = 'Deine Teilnahme wird geladen …';

/** What a member can do in a running challenge (see `ParticipationActions`); loaded only for members. */
export function MemberActions({ challenge, state }: { challenge: ChallengeDto; state: ActiveState }) {
  const challengeId = challenge.sys.id;
  const own = useMyParticipation(challengeId, true);

  if (!isVoteChallenge(challenge)) {
    if (own.status !== 'ready') return <Spinner label={loadingLabel} />;
    return (
      <EstimateForm
        challengeId={challengeId}
        question={challenge.fields.question || challenge.fields.teasertitle || challenge.fields.headline}
        saved={own.participation?.fields.estimate}
        onSaved={own.set}
      />
    );
  }

  const browse = paths.challenge(challengeId);
  const picture = challenge.sys.objectTypeId === 'bfv-erd-picture-vote';
  if (own.status !== 'ready') {
    return (
      <>
        <Spinner label={loadingLabel} />
        <ButtonRow>
          <ButtonLink to={browse} variant={state === 'vote' ? 'primary' : 'secondary'}>
            {state === 'vote' ? 'ABSTIMMEN' : 'STÖBERN'}
          </ButtonLink>
        </ButtonRow>
      </>
    );
  }

  const entry: ParticipationDto | null = own.participation;
  const removedVotes = own.participation?.removedVotes;
  const published = !!entry && isPublished(entry, getRuntimeConfig().contentApi.spaceId);
  const entryLink = entry && published && entry._id ? paths.participation(challengeId, entry._id) : null;

  let body = null;
  if (entry && !published) {
    body = <PendingNotice role="status">{picture ? messages.picturePending : messages.sloganPending}</PendingNotice>;
  } else if (!entry && state === 'submit') {
    const formProps = { challengeId, onSaved: own.set, onAlreadySubmitted: own.reload };
    body = picture ? (
      <Suspense fallback={<Spinner label="Formular wird geladen …" />}>
        <PictureForm {...formProps} />
      </Suspense>
    ) : (
      <SloganForm {...formProps} />
    );
  }

  return (
    <>
      {body}
      <RemovedVotesNotice removed={removedVotes} />
      <ButtonRow>
        {state === 'submit' && entryLink && (
          <ButtonLink to={entryLink}>{picture ? 'MEIN BILD ANZEIGEN' : 'MEINEN SPRUCH ANZEIGEN'}</ButtonLink>
        )}
        {state === 'vote' && <ButtonLink to={entryLink ?? browse}>ABSTIMMEN</ButtonLink>}
        {(state === 'submit' || entryLink) && (
          <ButtonLink to={browse} variant="secondary">
            STÖBERN
          </ButtonLink>
        )}
      </ButtonRow>
    </>
  );
}
