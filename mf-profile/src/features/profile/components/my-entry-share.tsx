import { getRuntimeConfig, paths, sharePaths, withVia } from '@erd/shared-contracts';
import type { MyEntryDto } from '@erd/shared-contracts/schemas';
import { ShareActions, ShareButton, WhatsAppText } from '@erd/shared-contracts/share-kit';
import { ButtonAnchor } from '@erd/shared-contracts/ui';
import { entryShareText, kindOf } from '../lib/my-entry-texts';

export interface MyEntryShareProps {
  entry: MyEntryDto & { participationId: string };
}

/** The entry's public address (without `via`). */
export function entryUrl(entry: MyEntryShareProps['entry']): string {
  return `${getRuntimeConfig().publicUrl.replace(/\/+$/, '')}${paths.participation(entry.challenge.id, entry.participationId)}`;
}

/**
 * The share kit of issue 23 for one published slogan or picture, a chunk of its own (loaded when
 * the member opens 'Teilen'): the WhatsApp text with the link, the story image and the poster, and
 * the device share.
 */
export default function MyEntryShare({ entry }: MyEntryShareProps) {
  const url = entryUrl(entry);
  const { id: challengeId, headline } = entry.challenge;
  const text = entryShareText({ productName: getRuntimeConfig().productName, entry, url: withVia(url, 'whatsapp') });
  return (
    <>
      <WhatsAppText text={text} />
      <ShareActions>
        <ButtonAnchor variant="outline" href={sharePaths.story(challengeId, entry.participationId)} download>
          Story-Bild herunterladen
        </ButtonAnchor>
        <ButtonAnchor variant="outline" href={sharePaths.poster(challengeId, entry.participationId)} download>
          Plakat (PDF) herunterladen
        </ButtonAnchor>
        <ShareButton
          title={headline}
          text={kindOf(entry) === 'slogan' ? (entry.slogan ?? undefined) : undefined}
          url={url}
          linkLabel="Link zum Beitrag"
        />
      </ShareActions>
    </>
  );
}
