import type { QueryClient } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { OfflineBar } from '../shared/network/offline-bar';
import { AppUpdate } from './app-update';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <div className="ds-app">
        <OfflineBar />
        <AppUpdate />
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </div>
    </Providers>
  );
}
