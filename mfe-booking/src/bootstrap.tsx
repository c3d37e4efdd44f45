import { createRoot } from 'react-dom/client';
import { DevHarness, initI18n } from '@khidma/web-kit';
import { NS } from './namespace';
import { routes } from './routes';

// Standalone mode for this team: the shared kit's providers and i18n around this app's pages only.
void initI18n(NS).then(() => {
  const container = document.getElementById('root');
  if (container) createRoot(container).render(<DevHarness namespace={NS} routes={routes} />);
});
