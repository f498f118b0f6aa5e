import { css, type Theme } from '@emotion/react';
import { getRuntimeConfig, paths, TEAM_LABELS, withVia, type ClubDto } from '@erd/shared-contracts';
import { ShareActions, ShareButton, ShareKitCard, WhatsAppText } from '@erd/shared-contracts/share-kit';
import { ButtonLink, Icon } from '@erd/shared-contracts/ui';
import { useEntriesToShare } from '../api/own-entries';

/** The club page's public address: publicUrl + /club/{clubId}. */
export const clubPageUrl = (clubId: string) => `${getRuntimeConfig().publicUrl.replace(/\/+$/, '')}${paths.club(clubId)}`;

/** The prefilled WhatsApp text for the club page (no article before the name: 'der TSV', 'die SpVgg'). */
export function clubShareText({
  productName,
  clubname,
  team,
  url,
}: {
  productName: string;
  clubname: string;
  team: string;
  url: string;
}): string {
  return `${clubname} (${team}) bei der ${productName}: Unterstütze uns! Unsere Beiträge und unseren Platz in der Tabelle findest du hier: ${url}`;
}

/**
 * 'Teile deinen Beitrag' on the club's own page (issue 23), for its signed-in members, a chunk of
 * its own: the WhatsApp text with the club page's link (`via=whatsapp`) and the device share
 * (`via=share`, copied with `via=copy`), and a link to each of the club's published entries whose
 * voting is to come or running, where the entry's full kit is (story image, poster, figures).
 */
export default function ClubShareKit({ club }: { club: ClubDto }) {
  const { productName } = getRuntimeConfig();
  const { clubname, team } = club.fields;
  const url = clubPageUrl(club.sys.id);
  const entries = useEntriesToShare();
  const text = clubShareText({ productName, clubname, team: TEAM_LABELS[team] ?? team, url: withVia(url, 'whatsapp') });

  return (
    <ShareKitCard intro="Schick die Vereinsseite in eure Gruppen: Jede Stimme für eure Beiträge bringt euch Punkte.">
      <WhatsAppText text={text} />
      <ShareActions>
        <ShareButton title={`${clubname} bei der ${productName}`} url={url} linkLabel="Link zur Vereinsseite" />
      </ShareActions>
      {entries.status === 'success' && entries.data.length > 0 && (
        <div>
          <h3
            css={(theme: Theme) => css`
              margin: 0 0 ${theme.space(3)};
              font-size: 1.125rem;
            `}
          >
            Story-Bild, Plakat und mehr zu euren Beiträgen
          </h3>
          <ul
            css={(theme: Theme) => css`
              display: flex;
              flex-wrap: wrap;
              gap: ${theme.space(3)};
              margin: 0;
              padding: 0;
              list-style: none;
            `}
          >
            {entries.data.map(({ challenge, participationId, picture }) => (
              <li
                key={challenge.sys.id}
                css={css`
                  max-width: 100%;
                `}
              >
                <ButtonLink
                  to={paths.participation(challenge.sys.id, participationId)}
                  variant="secondary"
                  css={css`
                    max-width: 100%;
                    text-align: left;
                    overflow-wrap: anywhere;
                  `}
                >
                  {`${picture ? 'Bild' : 'Spruch'} zu „${challenge.fields.headline}“ teilen`}
                  <Icon name="arrow-right" size="xs" color="white" />
                </ButtonLink>
              </li>
            ))}
          </ul>
        </div>
      )}
    </ShareKitCard>
  );
}
