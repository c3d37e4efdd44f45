import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders, initI18n } from '@khidma/web-kit';
import './i18n';
import './styles.css';
import { App } from './App';
import { loadRemotesManifest } from './remotes/registry';

// Ask for /remotes.json early; remote routes wait for it, shell pages never do.
loadRemotesManifest().catch((error: unknown) => console.error('[shell] /remotes.json failed', error));

void initI18n('common').then(() => {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <App />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
});
