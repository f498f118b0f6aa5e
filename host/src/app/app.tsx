import { ThemeProvider } from '@emotion/react';
import { BrowserRouter } from '@erd/shared-contracts';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import { AppRoutes } from './router';

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}
