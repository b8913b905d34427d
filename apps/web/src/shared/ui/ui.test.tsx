import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmPopup } from './confirm-popup';
import { FooterBar } from './footer-bar';
import { Header } from './header';
import { LoadingMask } from './loading-mask';
import { PageContainer } from './page-container';
import { TopTabs } from './top-tabs';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderRoutes(initialEntries: string[], page: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <Where /> },
      { path: '/pages/profile/index', element: <Where /> },
      { path: '/from', element: <Where /> },
      { path: '/page', element: page },
    ],
    { initialEntries, initialIndex: initialEntries.length - 1 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('Header', () => {
  it('goes to backUrl when one is given, replacing the entry for a tab', () => {
    const router = renderRoutes(
      ['/from', '/page'],
      <Header title="Settings" backUrl="/pages/profile/index" />,
    );
    fireEvent.click(screen.getByTestId('header-back'));
    expect(screen.getByTestId('where').textContent).toBe('/pages/profile/index');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('goes back one page when the app has history', async () => {
    window.history.replaceState({ idx: 1 }, '');
    renderRoutes(['/from', '/page'], <Header title="Privacy" />);
    fireEvent.click(screen.getByTestId('header-back'));
    expect((await screen.findByTestId('where')).textContent).toBe('/from');
  });

  it('goes home when there is nothing to go back to', () => {
    window.history.replaceState(null, '');
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    renderRoutes(['/page'], <Header title="Privacy" />);
    fireEvent.click(screen.getByTestId('header-back'));
    expect(screen.getByTestId('where').textContent).toBe('/');
  });

  it('goes home, not out of the app, on a page opened cold from a shared link', () => {
    // A link opened in a tab that showed another site (or about:blank) first: the browser has
    // history, the app has none.
    window.history.replaceState(null, '');
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(3);
    const back = vi.spyOn(window.history, 'back');
    renderRoutes(['/page'], <Header title="Episode" />);
    fireEvent.click(screen.getByTestId('header-back'));
    expect(screen.getByTestId('where').textContent).toBe('/');
    expect(back).not.toHaveBeenCalled();
  });

  it('has a title and can hide the back button', () => {
    renderRoutes(['/page'], <Header title="Earn" showBack={false} />);
    expect(screen.getByRole('heading', { name: 'Earn' })).toBeInTheDocument();
    expect(screen.queryByTestId('header-back')).toBeNull();
  });
});

describe('PageContainer', () => {
  it('shows a spinner instead of the content while loading', () => {
    const { rerender } = render(<PageContainer loading>content</PageContainer>);
    expect(screen.queryByText('content')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    rerender(<PageContainer>content</PageContainer>);
    expect(screen.getByText('content')).toBeInTheDocument();
  });
});

describe('TopTabs', () => {
  function Tabs() {
    const [active, setActive] = useState<'a' | 'b'>('a');
    return (
      <TopTabs
        tabs={[
          { key: 'a', title: 'Watching' },
          { key: 'b', title: 'Following' },
        ]}
        activeKey={active}
        onChange={setActive}
      />
    );
  }

  it('marks the active tab and switches on click and arrow keys', () => {
    render(<Tabs />);
    const [first, second] = screen.getAllByRole('tab');
    expect(first!.getAttribute('aria-selected')).toBe('true');
    fireEvent.click(second!);
    expect(second!.getAttribute('aria-selected')).toBe('true');
    expect(second!.className).toContain('ds-top-tabs__tab--active');
    fireEvent.keyDown(second!, { key: 'ArrowRight' });
    expect(first!.getAttribute('aria-selected')).toBe('true');
  });
});

describe('ConfirmPopup, LoadingMask, FooterBar', () => {
  it('confirms and cancels', async () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmPopup visible title="Log out?" onConfirm={onConfirm} onCancel={onCancel} />);
    // Its drawing (antd-mobile) loads when it first opens.
    fireEvent.click(await screen.findByText('Confirm'));
    fireEvent.click(screen.getByText('Cancel'));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('renders the mask only when visible, and the footer bar content', () => {
    const { rerender } = render(<LoadingMask visible={false} />);
    expect(screen.queryByTestId('loading-mask')).toBeNull();
    rerender(<LoadingMask text="Saving" />);
    expect(screen.getByTestId('loading-mask').textContent).toBe('Saving');
    render(<FooterBar>Pay now</FooterBar>);
    expect(screen.getByText('Pay now')).toBeInTheDocument();
  });
});
