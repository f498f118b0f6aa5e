import { css, type Theme } from '@emotion/react';
import { getRuntimeConfig, sharePaths, withVia, type IsoDate, type ParticipationDto, type VoteChallengeDto } from '@erd/shared-contracts';
import { ShareActions, ShareKitCard, WhatsAppText } from '@erd/shared-contracts/share-kit';
import { ButtonAnchor } from '@erd/shared-contracts/ui';
import { useOwnReach } from '../api/own-reach';
import { entryShareText, reachFiguresText } from '../lib/share-texts';
import { EntryShareButton } from './share-button';

export interface ShareKitProps {
  challenge: VoteChallengeDto;
  entry: ParticipationDto;
  /** The entry's public address (without `via`). */
  url: string;
  today: IsoDate;
}

/**
 * 'Teile deinen Beitrag' (issue 23): the club's kit on its own published entry, a chunk of its own
 * (only the club's members see it). (a) the WhatsApp text with the link (`via=whatsapp`), (b) the
 * story image 1080×1920 and (c) the A4 poster (both rendered by the server, downloaded), (d) the
 * device share ('Teilen', `via=share`, copied with `via=copy` where there is none), (e) what the
 * club's shared links brought so far (hidden while loading or when not to be had).
 */
export default function ShareKit({ challenge, entry, url, today }: ShareKitProps) {
  const challengeId = challenge.sys.id;
  const picture = entry.sys?.objectTypeId === 'bfv-erd-picture-participation';
  const { headline, endDateVoting } = challenge.fields;
  const reach = useOwnReach(challengeId);
  const text = entryShareText({
    productName: getRuntimeConfig().productName,
    headline,
    picture,
    votingOver: today > endDateVoting,
    url: withVia(url, 'whatsapp'),
  });

  return (
    <ShareKitCard
      intro="Jede Stimme zählt: Schick den Link in eure Gruppen, poste die Story und häng das Plakat im Vereinsheim auf."
      note={
        reach && (
          <p
            css={(theme: Theme) => css`
              margin: ${theme.space(3)} 0 0;
              font-weight: 700;
              color: ${theme.colors.primaryDark};
            `}
          >
            {reachFiguresText(reach)}
          </p>
        )
      }
      css={(theme: Theme) => css`
        margin-top: ${theme.space(6)};
      `}
    >
      <WhatsAppText text={text} />
      <ShareActions>
        <ButtonAnchor variant="outline" href={sharePaths.story(challengeId, entry._id)} download>
          Story-Bild herunterladen
        </ButtonAnchor>
        <ButtonAnchor variant="outline" href={sharePaths.poster(challengeId, entry._id)} download>
          Plakat (PDF) herunterladen
        </ButtonAnchor>
        <EntryShareButton challenge={challenge} entry={entry} url={url} />
      </ShareActions>
    </ShareKitCard>
  );
}
