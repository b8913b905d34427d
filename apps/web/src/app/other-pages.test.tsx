import { api } from '@dramastar/contract';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../shared/store/session';
import { ok, stubApi, on } from '../test/fetch';
import { tenantConfigAnswer } from '../test/fixtures';
import { renderAt } from '../test/render-app';

const baseRoutes = [on(api.config.tenantConfig).reply(ok(tenantConfigAnswer))];

afterEach(() => vi.restoreAllMocks());

describe('the spec’s other pages', () => {
  it('shows an http(s) address in the in-app web view under both routes, with Open in browser', async () => {
    stubApi(baseRoutes);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    for (const route of ['/pages/common/webView', '/pages/webview/index']) {
      cleanup();
      renderAt(`#${route}?url=${encodeURIComponent('https://help.dramastar.example/faq')}`);
      const frame = await screen.findByTestId<HTMLIFrameElement>('web-view-frame');
      expect(frame.src).toBe('https://help.dramastar.example/faq');
      expect(frame.getAttribute('sandbox')).not.toContain('allow-top-navigation');
      expect(screen.getByRole('heading').textContent).toBe('help.dramastar.example');
      fireEvent.click(screen.getByTestId('web-view-open'));
      expect(open).toHaveBeenLastCalledWith(
        'https://help.dramastar.example/faq',
        '_blank',
        'noopener,noreferrer',
      );
    }
  });

  it('refuses any other address in the web view', async () => {
    stubApi(baseRoutes);
    renderAt(`#/pages/common/webView?url=${encodeURIComponent('javascript:alert(1)')}`);
    expect((await screen.findByTestId('web-view-refused')).textContent).toContain(
      'This address cannot be opened here',
    );
    expect(screen.queryByTestId('web-view-frame')).toBeNull();
  });

  it('shows a place with a map link, and says so when the link names none', async () => {
    stubApi(baseRoutes);
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderAt(
      '#/open-location?latitude=14.5547&longitude=121.0244&name=DramaStar%20Manila&address=Ayala%20Avenue',
    );
    const place = await screen.findByTestId('open-location');
    expect(place.textContent).toContain('DramaStar Manila');
    expect(place.textContent).toContain('Ayala Avenue');
    expect(screen.getByTestId('open-location-coordinates').textContent).toBe('14.55470, 121.02440');
    fireEvent.click(screen.getByTestId('open-location-map'));
    expect(open.mock.calls[0]?.[0]).toBe(
      'https://www.openstreetmap.org/?mlat=14.5547&mlon=121.0244#map=16/14.5547/121.0244',
    );
    cleanup();
    renderAt('#/open-location?latitude=200&longitude=1');
    expect(await screen.findByTestId('open-location-invalid')).toBeInTheDocument();
  });

  it('chooses the viewer’s country and goes back', async () => {
    stubApi(baseRoutes);
    renderAt('#/choose-location');
    fireEvent.click(await screen.findByTestId('country-VN'));
    await waitFor(() => expect(useSession.getState().countryDes?.code).toBe('VN'));
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });

  it('lands an old link to Home’s top bar on Home, not on a bar over an empty page', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/home/components/homeNavbar');
    await waitFor(() => expect(window.location.hash).toBe('#/'));
    expect(screen.queryByTestId('home-navbar')).toBeNull();
  });

  it('says a web view link without an address has no page to show, and leads Home', async () => {
    stubApi(baseRoutes);
    renderAt('#/pages/common/webView');
    const empty = await screen.findByTestId('web-view-empty');
    expect(empty.textContent).toContain('No page to show');
    expect(empty.textContent).not.toContain('cannot be opened');
    fireEvent.click(screen.getByTestId('web-view-home'));
    await waitFor(() => expect(window.location.hash).toBe('#/'));
  });
});
