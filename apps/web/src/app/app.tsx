import type { QueryClient } from '@tanstack/react-query';
import { HashRouter } from 'react-router-dom';
import { AppUpdate } from './app-update';
import { Providers } from './providers';
import { AppRoutes } from './router';

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <Providers queryClient={queryClient}>
      <div className="ds-app">
        <AppUpdate />
        <HashRouter>
          <AppRoutes />
        </HashRouter>
      </div>
    </Providers>
  );
}
