import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, Result, Spin } from 'antd';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { isApiError } from '../shared/api/api-error';
import { useSession } from '../shared/session/session';
import { useMe } from '../features/auth/api/auth';
import { LoginPage } from '../features/auth/pages/login-page';
import { SignOutButton } from '../features/auth/components/sign-out-button';
import { SetupPage, setupRequired } from '../features/access/pages/setup-page';
import { Suspense } from 'react';
import enUS from 'antd/locale/en_US';
import idID from 'antd/locale/id_ID';
import viVN from 'antd/locale/vi_VN';
import { useLanguage, useT } from '../shared/i18n';
import { ConsoleLayout } from './layout';
import { pagesFor } from './pages';
import { BRAND, palette } from '../shared/ui/palette';

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
  const t = useT();
  if (!token) return <LoginPage />;
  if (!operator) {
    if (me.error) return <Result status="error" title={t('unreachable')} subTitle={me.error.message} />;
    return <Spin fullscreen />;
  }
  // One-time password or missing two-factor enrolment: the server opens nothing else yet.
  if (setupRequired(operator)) return <SetupPage operator={operator} signOut={<SignOutButton />} />;
  return (
    <ConsoleLayout operator={operator}>
      <Suspense fallback={<Spin />}>
        <Routes>
          {pagesFor(operator.role).map(({ path, page: Page }) => (
            <Route key={path} path={path} element={<Page />} />
          ))}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </Suspense>
    </ConsoleLayout>
  );
}

/** Operators who ask their system for less motion get no dialog or drawer animations. */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** antd's own words (pagination, empty lists, date pickers) in the console's language. */
const ANTD_LOCALES = { en: enUS, vn: viVN, id: idID } as const;

export function App({ queryClient }: { queryClient: QueryClient }) {
  const language = useLanguage((s) => s.language);
  return (
    <ConfigProvider
      locale={ANTD_LOCALES[language]}
      theme={{
        token: { colorPrimary: BRAND, motion: !prefersReducedMotion() },
        // The console's header: light, padded like its pages (the rest of its frame: app/admin.css).
        components: { Layout: { headerBg: palette.colorBgContainer, headerPadding: '0 24px' } },
      }}
    >
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
