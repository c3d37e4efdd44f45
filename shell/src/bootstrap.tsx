import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, initI18n, restoreSession, BrowserRouter } from '@khidma/web-kit';
import './i18n';
import './styles.css';
import { App } from './App';
import { loadRemotesManifest } from './remotes/registry';

// Ask for /remotes.json early; remote routes wait for it, shell pages never do.
loadRemotesManifest().catch((error: unknown) =>
  console.error('[shell] /remotes.json failed', error),
);
// A reload keeps the user signed in: the httpOnly refresh cookie is exchanged for a session.
void restoreSession();

void initI18n('common').then(() => {
  const container = document.getElementById('root');
  if (!container) return;
  const root = createRoot(container);
  // As a transition the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree (a phone's first load is one long task otherwise).
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          {/* Navigations render in the same pass as session changes (sign-out then "/"), so the
            sign-in rules never see a signed-out user still on a members' page. */}
          <BrowserRouter useTransitions={false}>
            <App />
          </BrowserRouter>
        </AppProviders>
      </StrictMode>,
    ),
  );
});
