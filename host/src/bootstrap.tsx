import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@erd/shared-contracts';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { startStoredSession } from './app/auth-session';
import { awaitRemoteOfPath, prefetchRemotesOnIntent, registerRemotesFromConfig } from './app/remotes/federation';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig('/config.json');
    registerRemotesFromConfig(config.remotes);
    // A remote's screen (/challenge, /tabelle, /club/…): its module first, so the first render is
    // the screen itself, not a spinner that React would keep for at least 300 ms.
    await awaitRemoteOfPath(location.pathname);
    // A transition: React renders the first page in slices that yield to the browser instead of in
    // one long task (Lighthouse's blocking time on a phone).
    startTransition(() => root.render(<App />));
    // A stored session (a reload, a new page of the same tab) is handed to mf-auth for its refresh.
    void startStoredSession();
    // The remote behind a link the visitor is about to follow is loaded ahead of the click.
    prefetchRemotesOnIntent();
  } catch (error) {
    console.warn('config.json could not be loaded', error);
    root.render(<StartupError />);
  }
}

void start();
