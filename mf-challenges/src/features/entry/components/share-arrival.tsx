import { ShareArrival } from '@erd/shared-contracts/share-kit';

/**
 * The entry page opened through a share link (`?via=`, issue 23), a chunk of its own (only such
 * visits load it): the share kit's arrival counts the entry's visit and keeps the channel for this
 * session's votes (components/voting/share-via reads it).
 */
export default function EntryShareArrival({ challengeId, participationId }: { challengeId: string; participationId: string }) {
  return <ShareArrival target={{ kind: 'entry', challengeId, participationId }} />;
}
