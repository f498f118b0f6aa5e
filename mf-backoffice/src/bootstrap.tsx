import { ThemeProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, loadRuntimeConfig, Route, Routes } from '@erd/shared-contracts';
import { backofficeRoutePattern } from '@erd/shared-contracts/backoffice';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import BackofficeApp from './exposes/backoffice-app';

void loadRuntimeConfig().then(() => {
  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <Routes>
          <Route path={backofficeRoutePattern} element={<BackofficeApp />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>,
  );
});
