import { ThemeProvider } from '@emotion/react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from '@erd/shared-contracts';
import { loadRuntimeConfig } from '@erd/shared-contracts';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import ChallengesApp from './exposes/challenges-app';

void loadRuntimeConfig().then(() => {
  createRoot(document.getElementById('root')!).render(
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <Routes>
          <Route path="/challenge/*" element={<ChallengesApp />} />
        </Routes>
      </BrowserRouter>
    </ThemeProvider>,
  );
});
