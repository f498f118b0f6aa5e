import { ThemeProvider } from '@emotion/react';
import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, loadRuntimeConfig, Routes } from '@erd/shared-contracts';
import { GlobalStyles, theme } from '@erd/shared-contracts/ui';

/**
 * A remote's standalone development page (its `src/bootstrap.tsx`, served by the remote's dev
 * server): the runtime configuration first, then `routes` in the site's theme, base styles and
 * router. The site itself mounts the remotes through the host; a remote's production build has no
 * page of its own. `@erd/shared-contracts/standalone` is its own entry, off every production bundle.
 */
export function mountStandalone(routes: ReactNode): void {
  void loadRuntimeConfig().then(() => {
    createRoot(document.getElementById('root')!).render(
      <ThemeProvider theme={theme}>
        <GlobalStyles />
        <BrowserRouter>
          <Routes>{routes}</Routes>
        </BrowserRouter>
      </ThemeProvider>,
    );
  });
}
