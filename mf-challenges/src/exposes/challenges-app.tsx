import { Route, Routes } from '@erd/shared-contracts';
import { MF_BUILD_ATTRIBUTE } from '@erd/shared-contracts';

export default function ChallengesApp() {
  return (
    <div {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}>
      <Routes>
        <Route index element={<p>Challenges</p>} />
      </Routes>
    </div>
  );
}
