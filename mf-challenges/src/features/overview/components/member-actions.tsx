import { lazy, Suspense } from 'react';
import {
  getRuntimeConfig,
  isPublished,
  isVoteChallenge,
  paths,
  phaseActions,
  type ChallengeDto,
  type IsoDate,
  type MyParticipationDto,
} from '@erd/shared-contracts';
import { ButtonLink, Spinner } from '@erd/shared-contracts/ui';
import { useOwnEntry } from '../api/own-entry';
import { EstimateForm } from '../forms/estimate-form';
import { RejectedNotice } from '../forms/form-parts';
import { messages, rejectionText } from '../forms/messages';
import { SloganForm } from '../forms/slogan-form';
import { ButtonRow } from './card-parts';
import { RemovedVotesNotice } from './removed-votes-notice';
import { SentEntry } from './sent-entry';

// The upload form (file chooser, preview, progress, presigned post) is only needed by a member in
// the submission window of a picture challenge.
const PictureForm = lazy(() => import('../forms/picture-form').then((m) => ({ default: m.PictureForm })));

const loadingLabel = 'Deine Teilnahme wird geladen …';

/**
 * What a member can do in a running challenge (see `ParticipationActions`); loaded only for members.
 * The buttons follow the phase (`phaseActions`): the form only while entries are taken, 'ABSTIMMEN'
 * while voting runs, 'STÖBERN' where there are entries to browse.
 */
export function MemberActions({ challenge, today }: { challenge: ChallengeDto; today: IsoDate }) {
  const challengeId = challenge.sys.id;
  const own = useOwnEntry(challengeId);
  const actions = phaseActions(challenge, today);

  if (!isVoteChallenge(challenge)) {
    if (own.status !== 'ready') return <Spinner label={loadingLabel} />;
    return (
      <EstimateForm
        challengeId={challengeId}
        question={challenge.fields.question || challenge.fields.teasertitle || challenge.fields.headline}
        kind={challenge.sys.objectTypeId === 'bfv-erd-goals' ? 'goals' : 'estimate'}
        saved={own.entry?.fields.estimate}
        onSaved={own.set}
      />
    );
  }

  const browse = paths.challenge(challengeId);
  const picture = challenge.sys.objectTypeId === 'bfv-erd-picture-vote';
  const canEnter = actions.includes('enter');
  const voting = actions.includes('vote');
  if (own.status !== 'ready') {
    return (
      <>
        <Spinner label={loadingLabel} />
        <ButtonRow>
          <ButtonLink to={browse} variant={voting ? 'primary' : 'secondary'}>
            {voting ? 'ABSTIMMEN' : 'STÖBERN'}
          </ButtonLink>
        </ButtonRow>
      </>
    );
  }

  const entry: MyParticipationDto = own.entry;
  const published = !!entry && isPublished(entry, getRuntimeConfig().contentApi.spaceId);
  const entryLink = entry && published && entry._id ? paths.participation(challengeId, entry._id) : null;
  const votingStarted = today >= challenge.fields.startDateVoting;

  let body = null;
  if (entry) {
    body = (
      <SentEntry
        entry={entry}
        status={published ? 'published' : 'pending'}
        votes={published && votingStarted ? (entry.fields.votes ?? 0) : undefined}
      >
        {published ? 'Freigeschaltet' : picture ? messages.picturePending : messages.sloganPending}
      </SentEntry>
    );
  } else {
    const rejected = own.rejection && (
      <RejectedNotice role="status">
        {rejectionText(picture ? 'picture' : 'slogan', own.rejection.reason, { withdrawn: own.rejection.withdrawn, canResubmit: canEnter })}
      </RejectedNotice>
    );
    const formProps = { challengeId, onSaved: own.set, onAlreadySubmitted: own.reload };
    body = (
      <>
        {rejected}
        {canEnter &&
          (picture ? (
            <Suspense fallback={<Spinner label="Formular wird geladen …" />}>
              <PictureForm {...formProps} />
            </Suspense>
          ) : (
            <SloganForm {...formProps} />
          ))}
      </>
    );
  }

  return (
    <>
      {body}
      <RemovedVotesNotice removed={entry?.removedVotes} />
      <ButtonRow>
        {canEnter && entryLink && <ButtonLink to={entryLink}>{picture ? 'MEIN BILD ANZEIGEN' : 'MEINEN SPRUCH ANZEIGEN'}</ButtonLink>}
        {voting && <ButtonLink to={entryLink ?? browse}>ABSTIMMEN</ButtonLink>}
        {actions.includes('browse') || (voting && entryLink) ? (
          <ButtonLink to={browse} variant="secondary">
            STÖBERN
          </ButtonLink>
        ) : null}
      </ButtonRow>
    </>
  );
}
