import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { bootstrapTenant } from './app/bootstrap';
import { createQueryClient } from './shared/api/query-client';
import { useSession } from './shared/store/session';
import { applyTheme } from './shared/theme/apply-theme';

// Before the first paint, so a light-mode user never sees a dark flash (and vice versa).
applyTheme(useSession.getState().theme);
void bootstrapTenant();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
createRoot(container).render(
  <StrictMode>
    <App queryClient={createQueryClient()} />
  </StrictMode>,
);
