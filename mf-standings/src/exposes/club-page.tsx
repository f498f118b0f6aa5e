import { MF_BUILD_ATTRIBUTE, useParams } from '@erd/shared-contracts';
import { ClubView } from '../features/club/components/club-view';

/** Exposed as `./ClubPage`; the host mounts it at `/club/:clubId`. */
export default function ClubPage() {
  const { clubId = '' } = useParams();
  return (
    <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <ClubView clubId={clubId} />
    </div>
  );
}
