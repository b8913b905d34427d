import type { QueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppUpdate } from './app-update';
import { Providers } from './providers';
import { createAppRouter } from './router';

export function App({ queryClient }: { queryClient: QueryClient }) {
  const [router] = useState(createAppRouter);
  return (
    <Providers queryClient={queryClient}>
      <div className="ds-app">
        <AppUpdate />
        <RouterProvider router={router} />
      </div>
    </Providers>
  );
}
