import { ThemeProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@erd/shared-contracts';
import { loadRuntimeConfig } from '@erd/shared-contracts';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import StandingsApp from './exposes/standings-app';
import ClubPage from './exposes/club-page';

void loadRuntimeConfig().then(() => {
  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <Routes>
          <Route path="/tabelle/*" element={<StandingsApp />} />
          <Route path="/club/:clubId" element={<ClubPage />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>,
  );
});
