import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { Rollup } from 'vite';
import { describe, expect, it } from 'vitest';
import { PAGES, PARTS, routeChunks, WITHOUT_ANTD } from '../../route-preload';

const chunk = (fileName: string, extra: Partial<Rollup.OutputChunk> = {}) =>
  ({
    type: 'chunk',
    fileName,
    imports: [],
    isEntry: false,
    isDynamicEntry: false,
    facadeModuleId: null,
    moduleIds: [],
    viteMetadata: { importedCss: new Set<string>(), importedAssets: new Set<string>() },
    ...extra,
  }) as unknown as Rollup.OutputChunk;

const page = (fileName: string, module: string, imports: string[], css: string[] = []) =>
  chunk(fileName, {
    isDynamicEntry: true,
    facadeModuleId: `/app/src/${module}`,
    moduleIds: [`/app/src/${module}`],
    imports,
    viteMetadata: {
      importedCss: new Set(css),
      importedAssets: new Set(),
    } as Rollup.OutputChunk['viteMetadata'],
  });

describe('route chunks for index.html', () => {
  const bundle = Object.fromEntries(
    [
      chunk('assets/index.js', { isEntry: true, imports: ['assets/ui.js'] }),
      chunk('assets/ui.js'),
      chunk('assets/attach.js', { imports: ['assets/ui.js'] }),
      page(
        'assets/home.js',
        'features/drama/pages/home-page.tsx',
        ['assets/ui.js', 'assets/antd.js'],
        ['assets/home.css'],
      ),
      page(
        'assets/shorts.js',
        'features/drama/pages/shorts-page.tsx',
        ['assets/attach.js'],
        ['assets/drama.css'],
      ),
      page('assets/episode.js', 'features/drama/pages/video-details-page.tsx', [
        'assets/attach.js',
        'assets/ui.js',
      ]),
      page('assets/antd-locale.js', 'shared/ui/antd-locale.ts', ['assets/antd.js']),
      chunk('assets/antd.js', {
        moduleIds: ['/app/node_modules/antd-mobile/es/components/swiper/swiper.js'],
      }),
      page('assets/confirm-popup-view.js', 'shared/ui/confirm-popup-view.tsx', ['assets/antd.js']),
      page('assets/episode-sheet-view.js', 'features/drama/components/episode-sheet-view.tsx', [
        'assets/antd.js',
      ]),
      page(
        'assets/unlock-prompt-view.js',
        'features/drama/components/unlock-prompt-view.tsx',
        ['assets/antd.js', 'assets/ui.js'],
        ['assets/unlock.css'],
      ),
      chunk('assets/toast.js', {
        imports: ['assets/antd.js'],
        moduleIds: ['/app/node_modules/antd-mobile/es/components/toast/index.js'],
      }),
      page('assets/en.js', 'shared/i18n/en.ts', []),
      page('assets/vn.js', 'shared/i18n/vn.ts', []),
      page('assets/id.js', 'shared/i18n/id.ts', []),
    ].map((item) => [item.fileName, item]),
  );

  it("lists each page's chunks beyond what index.html loads, with their styles, and antd-mobile's texts but for Shorts and an episode", () => {
    const map = routeChunks(bundle);
    expect(map.home).toEqual({
      js: ['/assets/home.js', '/assets/antd.js', '/assets/antd-locale.js'],
      css: ['/assets/home.css'],
    });
    // Shorts and an episode load antd-mobile only on demand: their lists leave its texts out.
    expect(map.shorts).toEqual({
      js: ['/assets/shorts.js', '/assets/attach.js'],
      css: ['/assets/drama.css'],
    });
    expect(map.episode).toEqual({ js: ['/assets/episode.js', '/assets/attach.js'], css: [] });
    expect(map.vn).toEqual({ js: ['/assets/vn.js'], css: [] });
  });

  it('lists the parts pages open on demand (popups, sheets, toasts, antd-mobile texts) with what they import', () => {
    const { parts } = routeChunks(bundle);
    expect(parts?.js.sort()).toEqual(
      [
        '/assets/confirm-popup-view.js',
        '/assets/antd.js',
        '/assets/episode-sheet-view.js',
        '/assets/unlock-prompt-view.js',
        '/assets/toast.js',
        '/assets/antd-locale.js',
      ].sort(),
    );
    expect(parts?.css).toEqual(['/assets/unlock.css']);
    const { ['assets/toast.js']: _, ...noToast } = bundle;
    expect(() => routeChunks(noToast)).toThrow(/toast/);
  });

  it('fails the build when a page it preloads is missing, rather than preloading nothing', () => {
    const { ['assets/episode.js']: _, ...without } = bundle;
    expect(() => routeChunks(without)).toThrow(/episode/);
    const { ['assets/antd-locale.js']: __, ...noTexts } = bundle;
    expect(() => routeChunks(noTexts)).toThrow(/antd-mobile's texts/);
  });

  it('fails the build when Shorts or an episode page, which load antd-mobile only on demand, hold it', () => {
    const withAntd = {
      ...bundle,
      'assets/attach.js': chunk('assets/attach.js', { imports: ['assets/antd.js'] }),
    };
    expect(() => routeChunks(withAntd)).toThrow(/shorts page's chunks hold antd-mobile/);
  });

  it('index.html has the mark the map goes to, before the script that reads it', () => {
    const html = readFileSync(resolve(__dirname, '../../index.html'), 'utf8');
    const mark = html.indexOf('<!--ds-route-chunks');
    expect(mark).toBeGreaterThan(0);
    expect(mark).toBeLessThan(html.indexOf('window.__dsChunks'));
  });
});

describe('the parts fetched ahead', () => {
  const SRC = resolve(__dirname, '..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return sources(path);
      return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [path] : [];
    });

  it('name every part a page loads through lazyUntilOpen, so each opens offline', () => {
    const loaded = sources(SRC).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      if (!/lazyUntilOpen</.test(text)) return [];
      return [...text.matchAll(/import\('(\.{1,2}\/[^']+)'\)/g)].map((m) => {
        const path = resolve(dirname(file), m[1]!);
        return `/app/src/${relative(SRC, existsSync(`${path}.tsx`) ? `${path}.tsx` : `${path}.ts`)}`;
      });
    });
    expect(loaded.length).toBeGreaterThanOrEqual(3);
    const patterns = Object.values(PARTS);
    expect(loaded.filter((module) => !patterns.some((pattern) => pattern.test(module)))).toEqual([]);
  });
});

describe('the pages without antd-mobile', () => {
  it("are the router's pages that load without antd-mobile's texts", () => {
    const router = readFileSync(resolve(__dirname, 'router.tsx'), 'utf8');
    const modules = [
      ...router.matchAll(/lazyPage\(\(\) => import\('([^']+)'\),\s*\{\s*antdTexts: false/g),
    ].map((m) => `/app/src/${relative(resolve(__dirname, '..'), resolve(__dirname, m[1]!))}.tsx`);
    const named = Object.entries(PAGES)
      .filter(([, pattern]) => modules.some((module) => pattern.test(module)))
      .map(([page]) => page);
    expect(modules).toHaveLength(named.length);
    expect(named.sort()).toEqual([...WITHOUT_ANTD].sort());
  });
});
