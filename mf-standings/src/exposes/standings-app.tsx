import { MF_BUILD_ATTRIBUTE } from '@erd/shared-contracts';

export default function StandingsApp() {
  return <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>Gesamttabelle</div>;
}
