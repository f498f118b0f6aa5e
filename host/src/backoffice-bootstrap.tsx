import { createRoot } from 'react-dom/client';
import { loadRuntimeConfig } from '@erd/shared-contracts';
import { BackofficeApp } from './app/backoffice-app';
import { registerRemotesFromConfig } from './app/remotes/federation';
import { StartupError } from './app/startup-error';

/**
 * The back office's page: the runtime configuration and the remotes as on the public pages, then
 * only the back-office frame (no header, footer, age gate or member session).
 */
async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root missing');
  const root = createRoot(container);
  try {
    const config = await loadRuntimeConfig('/config.json');
    document.title = `Backoffice – ${config.productName}`;
    registerRemotesFromConfig(config.remotes);
    root.render(<BackofficeApp />);
  } catch (error) {
    console.warn('config.json could not be loaded', error);
    root.render(<StartupError />);
  }
}

void start();
