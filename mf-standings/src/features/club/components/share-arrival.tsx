import { ShareArrival } from '@erd/shared-contracts/share-kit';

/**
 * The club page opened through a share link (`?via=`, issue 23), a chunk of its own (only such
 * visits load it): the share kit's arrival counts the club page's visit and keeps the channel for
 * this session's votes (the entry page sends it).
 */
export default function ClubShareArrival({ clubId }: { clubId: string }) {
  return <ShareArrival target={clubId ? { kind: 'club', clubId } : null} />;
}
