import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Result, Spin } from 'antd';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { isApiError } from '../shared/api/api-error';
import { useSession } from '../shared/session/session';
import { useMe } from '../features/auth/api/auth';
import { LoginPage } from '../features/auth/pages/login-page';
import { AuditPage } from '../features/audit/pages/audit-page';
import { DashboardPage } from '../features/dashboard/pages/dashboard-page';
import { RechargesPage } from '../features/recharges/pages/recharges-page';
import { WithdrawalsPage } from '../features/withdrawals/pages/withdrawals-page';
import { ConsoleLayout } from './layout';

/** Refusals are final; only calls that got no answer are retried, once. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => isApiError(error) && error.kind === 'network' && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      mutations: { retry: false },
    },
  });
}

function Console() {
  const token = useSession((s) => s.token);
  const operator = useSession((s) => s.operator);
  const me = useMe();
  if (!token) return <LoginPage />;
  if (!operator) {
    if (me.error)
      return (
        <Result status="error" title="The console cannot reach the server" subTitle={me.error.message} />
      );
    return <Spin fullscreen />;
  }
  return (
    <ConsoleLayout operator={operator}>
      <Routes>
        <Route path="/" element={<DashboardPage />} />
        <Route path="/finance/recharges" element={<RechargesPage />} />
        <Route path="/finance/withdrawals" element={<WithdrawalsPage />} />
        <Route path="/audit" element={<AuditPage />} />
        <Route path="*" element={<Navigate to="/" replace />} />
      </Routes>
    </ConsoleLayout>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ConfigProvider theme={{ token: { colorPrimary: '#d4380d' } }}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter basename="/admin">
            <Console />
          </BrowserRouter>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
