import { css } from '@emotion/react';
import type { ComponentType } from 'react';
import { MF_BUILD_ATTRIBUTE, type ProfileAppProps, type ProfileScreen } from '@erd/shared-contracts';
import { DeleteConfirmationScreen } from '../features/delete-account/components/delete-confirmation-screen';
import { DeleteScreen } from '../features/delete-account/components/delete-screen';
import { ProfileScreen as ProfileEditScreen } from '../features/profile/components/profile-screen';

/**
 * mf-profile: profile, account deletion and its notice (spec §2). The host mounts it per route
 * with the `screen` prop; the route guards are the host's.
 */
const screens: Record<ProfileScreen, ComponentType> = {
  profile: ProfileEditScreen,
  delete: DeleteScreen,
  'delete-confirmation': DeleteConfirmationScreen,
};

export default function ProfileApp({ screen }: ProfileAppProps) {
  const Screen = screens[screen];
  return (
    <div
      {...{ [MF_BUILD_ATTRIBUTE]: process.env.BUILD_ID }}
      css={css`
        width: 100%;
      `}
    >
      <Screen key={screen} />
    </div>
  );
}
