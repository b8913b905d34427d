import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../../../shared/session/session';
import { HomeSectionsPage } from './home-sections-page';

const operator = {
  id: '2',
  username: 'editor',
  role: 'content' as const,
  tenantIds: ['000000'],
  mustChangePassword: false,
  totpEnabled: true,
  totpRequired: false,
};

const defaults = {
  tenantId: '000000',
  isDefault: true,
  updatedAt: null,
  sections: ['hot', 'new', 'free', 'ranking'].map((key) => ({
    key,
    kind: 'auto',
    visible: true,
    title: { en: '' },
    seriesIds: [],
  })),
};
const seriesList = {
  list: [
    { id: 7, title: { en: 'Alpha Love' }, status: 'published', cover: '' },
    { id: 9, title: { en: 'Beta Hearts' }, status: 'draft', cover: '' },
  ],
};

type Body = {
  tenantId: string;
  sections: { key: string; visible: boolean; title: { en: string }; seriesIds: number[] }[];
};

/** Stubs the three calls; `save` answers the save call from what was sent. */
function stubCalls(save: (body: Body) => { status: number; body: unknown }) {
  const sent: Body[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
    const path = url.split('?')[0];
    const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    if (path === '/admin-api/content/sections') return reply(200, { code: 200, msg: 'ok', data: defaults });
    if (path === '/admin-api/content/sections/series')
      return reply(200, { code: 200, msg: 'ok', data: seriesList });
    if (path === '/admin-api/content/sections/save') {
      const body = JSON.parse(init.body as string) as Body;
      sent.push(body);
      const answer = save(body);
      return reply(answer.status, answer.body);
    }
    return reply(404, { code: 404, msg: 'Not found', errorKey: 'NotFound' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return sent;
}

beforeEach(() => useSession.getState().signIn('tok-1', operator));
afterEach(() => {
  // Unmount before the session goes (this project has no global clean-up after each test).
  cleanup();
  vi.unstubAllGlobals();
  useSession.getState().clear();
});

function renderPage() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <HomeSectionsPage />
    </QueryClientProvider>,
  );
}

const order = () =>
  [...document.querySelectorAll('[data-testid^="section-"][data-position]')].map((e) =>
    e.getAttribute('data-testid'),
  );

describe('Content → Home sections', () => {
  it('reorders, hides, retitles and adds a custom section, then sends the whole list', async () => {
    const sent = stubCalls((body) => ({
      status: 200,
      body: {
        code: 200,
        msg: 'ok',
        data: {
          tenantId: body.tenantId,
          isDefault: false,
          updatedAt: '2026-01-01T00:00:00.000Z',
          sections: body.sections.map((s) => ({
            ...s,
            kind: s.key.startsWith('custom') ? 'custom' : 'auto',
          })),
        },
      },
    }));
    renderPage();
    await screen.findByTestId('section-hot');
    expect(screen.getByTestId('sections-tenant').textContent).toBe('Tenant 000000');
    expect(order()).toEqual(['section-hot', 'section-new', 'section-free', 'section-ranking']);
    // Built-in sections cannot be deleted.
    expect(screen.queryByTestId('section-delete-hot')).toBeNull();

    fireEvent.click(screen.getByTestId('section-down-hot'));
    expect(order()).toEqual(['section-new', 'section-hot', 'section-free', 'section-ranking']);
    fireEvent.click(screen.getByTestId('section-visible-free'));
    fireEvent.change(screen.getByTestId('section-title-ranking-en'), {
      target: { value: 'Editors’ ranking' },
    });
    fireEvent.click(screen.getByTestId('sections-add'));
    const custom = await screen.findByTestId('section-custom-1');
    fireEvent.change(within(custom).getByTestId('section-title-custom-1-en'), { target: { value: 'Picks' } });

    // Pick two series, then put the second first.
    await waitFor(() =>
      expect(fetch).toHaveBeenCalledWith(
        '/admin-api/content/sections/series?tenantId=000000',
        expect.anything(),
      ),
    );
    const picker = within(custom).getByTestId('section-series-custom-1');
    fireEvent.mouseDown(picker.querySelector('input') ?? picker);
    fireEvent.click(await screen.findByTitle('Alpha Love'));
    fireEvent.click(await screen.findByTitle('Beta Hearts (draft: not shown until published)'));
    expect(await screen.findByTestId('section-item-custom-1-9')).toBeInTheDocument();
    fireEvent.click(screen.getByTestId('section-item-up-custom-1-9'));

    fireEvent.click(screen.getByTestId('sections-save'));
    expect(await screen.findByTestId('sections-saved')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toEqual({
      tenantId: '000000',
      sections: [
        { key: 'new', visible: true, title: { en: '', vn: '', id: '' }, seriesIds: [] },
        { key: 'hot', visible: true, title: { en: '', vn: '', id: '' }, seriesIds: [] },
        { key: 'free', visible: false, title: { en: '', vn: '', id: '' }, seriesIds: [] },
        { key: 'ranking', visible: true, title: { en: 'Editors’ ranking', vn: '', id: '' }, seriesIds: [] },
        { key: 'custom-1', visible: true, title: { en: 'Picks', vn: '', id: '' }, seriesIds: [9, 7] },
      ],
    });
  });

  it('shows a refusal with the section it names, and deletes a custom section', async () => {
    stubCalls(() => ({
      status: 400,
      body: {
        code: 400,
        msg: 'A custom section lists 1 to 20 series',
        errorKey: 'HomeSectionSeriesCount',
        field: 'sections.4.seriesIds',
      },
    }));
    renderPage();
    fireEvent.click(await screen.findByTestId('sections-add'));
    fireEvent.change(await screen.findByTestId('section-title-custom-1-en'), { target: { value: 'Empty' } });
    fireEvent.click(screen.getByTestId('sections-save'));
    const error = await screen.findByTestId('sections-error');
    expect(error.textContent).toContain('custom-1: A custom section lists 1 to 20 series');

    fireEvent.click(screen.getByTestId('section-delete-custom-1'));
    await act(async () => {
      fireEvent.click(await screen.findByTestId('section-delete-ok-custom-1'));
    });
    await waitFor(() => expect(screen.queryByTestId('section-custom-1')).toBeNull());
    expect(screen.queryByTestId('sections-error')).toBeNull();
  });
});
