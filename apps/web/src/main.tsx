import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { loadQueryClient } from './app/query-root';
import { adoptWorkspaceFromUrl } from './lib/active-workspace';
import { loadAuthClient } from './lib/auth/use-auth';
import './styles.css';

// Before anything asks the server: a link that opens a workspace sets this tab's active workspace.
adoptWorkspaceFromUrl();

// Every page asks for the session and the settings at once: fetch their code while the first render runs.
void loadAuthClient();
void loadQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
