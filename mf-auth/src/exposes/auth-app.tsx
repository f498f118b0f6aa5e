import { MF_BUILD_ATTRIBUTE, type AuthAppProps } from '@erd/shared-contracts';

export default function AuthApp({ screen }: AuthAppProps) {
  return <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>{screen}</div>;
}
