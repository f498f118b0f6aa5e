import { css } from '@emotion/react';
import type { ComponentType } from 'react';
import { MF_BUILD_ATTRIBUTE, type AuthAppProps, type AuthScreen } from '@erd/shared-contracts';
import { ChangePasswordScreen } from '../features/change-password/components/change-password-screen';
import { ConfirmationScreen } from '../features/confirmation/components/confirmation-screen';
import { LoginScreen } from '../features/login/components/login-screen';
import { RegistrationScreen } from '../features/registration/components/registration-screen';
import { RestorePasswordScreen } from '../features/restore-password/components/restore-password-screen';

/**
 * mf-auth: login, registration, e-mail confirmation, forgotten and new password (spec §2). The
 * host mounts it per route with the `screen` prop; the route guards are the host's.
 */
const screens: Record<AuthScreen, ComponentType> = {
  login: LoginScreen,
  registration: RegistrationScreen,
  confirmation: ConfirmationScreen,
  'restore-password': RestorePasswordScreen,
  'change-password': ChangePasswordScreen,
};

export default function AuthApp({ screen }: AuthAppProps) {
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
