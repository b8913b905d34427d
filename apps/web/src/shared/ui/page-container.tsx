import type { ReactNode } from 'react';
import { useT } from '../i18n';
import { Header, type HeaderProps } from './header';
import { Spinner } from './spinner';

export interface PageContainerProps extends Partial<Omit<HeaderProps, 'title'>> {
  /** Without a title the page has no header (tab pages draw their own). */
  title?: ReactNode;
  /** Shows a spinner instead of the content. */
  loading?: boolean;
  /** Rendered after the content, e.g. a FooterBar. */
  footer?: ReactNode;
  className?: string;
  children?: ReactNode;
}

export function PageContainer({
  title,
  loading = false,
  footer,
  className,
  children,
  ...header
}: PageContainerProps) {
  const t = useT();
  return (
    <div className={className ? `ds-page ${className}` : 'ds-page'}>
      {title !== undefined && <Header title={title} {...header} />}
      <main className="ds-page__body" aria-busy={loading}>
        {loading ? (
          <div className="ds-page__loading" role="status">
            <Spinner />
            <span className="ds-visually-hidden">{t('common.loading')}</span>
          </div>
        ) : (
          children
        )}
      </main>
      {footer}
    </div>
  );
}
