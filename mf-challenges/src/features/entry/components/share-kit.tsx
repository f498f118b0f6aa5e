import { css, type Theme } from '@emotion/react';
import { getRuntimeConfig, sharePaths, withVia, type IsoDate, type ParticipationDto, type VoteChallengeDto } from '@erd/shared-contracts';
import { ButtonAnchor, Card, Headline } from '@erd/shared-contracts/ui';
import { useOwnReach } from '../api/own-reach';
import { entryShareText, reachFiguresText } from '../lib/share-texts';
import { ShareButton } from './share-button';
import { WhatsAppText } from './whatsapp-text';

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
    <Card
      as="section"
      aria-labelledby="share-kit-title"
      css={(theme: Theme) => css`
        display: grid;
        gap: ${theme.space(5)};
        margin-top: ${theme.space(6)};
        padding: ${theme.space(5)} ${theme.space(4)};
        border-top: 4px solid ${theme.colors.primary};
        ${theme.mq.md} {
          padding: ${theme.space(6)};
        }
      `}
    >
      <div>
        <Headline
          as="h2"
          level="md"
          id="share-kit-title"
          css={css`
            margin-bottom: 0.5rem;
          `}
        >
          Teile deinen Beitrag
        </Headline>
        <p
          css={css`
            margin: 0;
          `}
        >
          Jede Stimme zählt: Schick den Link in eure Gruppen, poste die Story und häng das Plakat im Vereinsheim auf.
        </p>
        {reach && (
          <p
            css={(theme: Theme) => css`
              margin: ${theme.space(3)} 0 0;
              font-weight: 700;
              color: ${theme.colors.primaryDark};
            `}
          >
            {reachFiguresText(reach)}
          </p>
        )}
      </div>
      <WhatsAppText text={text} />
      <div
        css={(theme: Theme) => css`
          display: flex;
          flex-wrap: wrap;
          align-items: center;
          gap: ${theme.space(2)} ${theme.space(3)};
          color: ${theme.colors.primaryDark};
        `}
      >
        <ButtonAnchor variant="outline" href={sharePaths.story(challengeId, entry._id)} download>
          Story-Bild herunterladen
        </ButtonAnchor>
        <ButtonAnchor variant="outline" href={sharePaths.poster(challengeId, entry._id)} download>
          Plakat (PDF) herunterladen
        </ButtonAnchor>
        <ShareButton title={headline} text={picture ? undefined : entry.fields.slogan} url={url} />
      </div>
    </Card>
  );
}
