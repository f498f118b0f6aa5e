import { ThemeProvider } from '@emotion/react';
import { BrowserRouter, Navigate, Route, Routes } from '@erd/shared-contracts';
import { backofficePaths, backofficeRemoteModule, backofficeRoutePattern } from '@erd/shared-contracts/backoffice';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';
import { RemoteSlot } from './remote-slot';

/**
 * The back office's page (entry `backoffice.ts`, served for `/backoffice/*` with noindex): the
 * `mf_backoffice` remote in a remote slot (timeout, fallback, retry), which brings its own working
 * layout. None of the public frame: no header, footer or age gate.
 */
export function BackofficeRoutes() {
  return (
    <Routes>
      <Route
        path={backofficeRoutePattern}
        element={<RemoteSlot remote={backofficeRemoteModule.remote} module={backofficeRemoteModule.module} />}
      />
      {/* The page file itself (/backoffice.html) and anything else this page may be opened at. */}
      <Route path="*" element={<Navigate to={backofficePaths.root} replace />} />
    </Routes>
  );
}

export function BackofficeApp() {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyles />
      <BrowserRouter>
        <BackofficeRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}
