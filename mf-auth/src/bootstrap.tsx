import { ThemeProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@erd/shared-contracts';
import { loadRuntimeConfig, type AuthScreen } from '@erd/shared-contracts';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import AuthApp from './exposes/auth-app';

const screens: AuthScreen[] = ['login', 'registration', 'confirmation', 'restore-password', 'change-password'];

void loadRuntimeConfig().then(() => {
  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <Routes>
          {screens.map((screen) => (
            <Route key={screen} path={`/${screen}`} element={<AuthApp screen={screen} />} />
          ))}
        </Routes>
      </BrowserRouter>
    </ThemeProvider>,
  );
});
