import { MF_BUILD_ATTRIBUTE, type ProfileAppProps } from '@erd/shared-contracts';

export default function ProfileApp({ screen }: ProfileAppProps) {
  return <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>{screen}</div>;
}
