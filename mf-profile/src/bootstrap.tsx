import { ThemeProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@erd/shared-contracts';
import { loadRuntimeConfig, type ProfileScreen } from '@erd/shared-contracts';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import ProfileApp from './exposes/profile-app';

const routes: Record<ProfileScreen, string> = { profile: '/profil', delete: '/delete', 'delete-confirmation': '/delete-confirmation' };

void loadRuntimeConfig().then(() => {
  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <Routes>
          {Object.entries(routes).map(([screen, path]) => (
            <Route key={screen} path={path} element={<ProfileApp screen={screen as ProfileScreen} />} />
          ))}
        </Routes>
      </BrowserRouter>
    </ThemeProvider>,
  );
});
