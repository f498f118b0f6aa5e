import type { ParticipationDto, VoteChallengeDto } from '@erd/shared-contracts';
import { ShareButton } from '@erd/shared-contracts/share-kit';

/**
 * An entry's 'Teilen' (spec §2, issue 23): the share kit's device share with the challenge
 * headline, the slogan (text entries) and the entry's address. Below every entry of another club,
 * in the club's own kit, and in its stead where the kit's chunk cannot be loaded.
 */
export function EntryShareButton({ challenge, entry, url }: { challenge: VoteChallengeDto; entry: ParticipationDto; url: string }) {
  const picture = entry.sys?.objectTypeId === 'bfv-erd-picture-participation';
  return (
    <ShareButton
      title={challenge.fields.headline}
      text={picture ? undefined : entry.fields.slogan}
      url={url}
      linkLabel="Link zum Beitrag"
    />
  );
}
