import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The pages a shared link opens and the language catalogues, by the name the boot script in
 * index.html knows them by: each with the files its lazy chunk needs beyond what index.html
 * loads anyway. The boot script preloads the ones for the address being opened, so they load
 * beside the app's script instead of after it has run and rendered.
 */
const LANGUAGES: Record<string, RegExp> = {
  en: /shared\/i18n\/en\.ts$/,
  vn: /shared\/i18n\/vn\.ts$/,
  id: /shared\/i18n\/id\.ts$/,
};
const PAGES: Record<string, RegExp> = {
  home: /features\/drama\/pages\/home-page\.tsx$/,
  shorts: /features\/drama\/pages\/shorts-page\.tsx$/,
  episode: /features\/drama\/pages\/video-details-page\.tsx$/,
  ...LANGUAGES,
};

/**
 * What a lazy page loads with its own chunk (app/lazy-page.tsx): antd-mobile's texts. Listed with
 * the page's files, it loads beside them instead of after the app has rendered (a cold episode
 * open asked it ~300 ms after the page's chunk and rendered only once it was in).
 */
const ANTD_TEXTS = /shared\/ui\/antd-locale\.ts$/;
/**
 * Pages that load antd-mobile only on demand, without its texts (router.tsx, `antdTexts: false`):
 * the build fails if their chunks hold antd-mobile, whose texts would then be its default Chinese.
 */
const WITHOUT_ANTD = new Set(['shorts', 'episode']);
const ANTD = /node_modules[\\/]antd-mobile[\\/]/;

/** Where index.html takes the map: a comment in its <head>, before the boot script. */
const MARK = /<!--ds-route-chunks[^>]*-->/;

interface Files {
  js: string[];
  css: string[];
}

function staticGraph(bundle: OutputBundle, start: OutputChunk, into: Set<string>): void {
  if (into.has(start.fileName)) return;
  into.add(start.fileName);
  for (const name of start.imports) {
    const next = bundle[name];
    if (next?.type === 'chunk') staticGraph(bundle, next, into);
  }
}

/** For each page, the chunk and its static imports that index.html does not already load. */
export function routeChunks(bundle: OutputBundle): Record<string, Files> {
  const chunks = Object.values(bundle).filter((item): item is OutputChunk => item.type === 'chunk');
  const initial = new Set<string>();
  for (const chunk of chunks) if (chunk.isEntry) staticGraph(bundle, chunk, initial);
  const lazyChunk = (name: string, pattern: RegExp) => {
    const chunk = chunks.find((c) => c.isDynamicEntry && c.facadeModuleId && pattern.test(c.facadeModuleId));
    if (!chunk) throw new Error(`route-preload: no chunk for ${name} (${pattern})`);
    return chunk;
  };
  const antdTexts = lazyChunk("antd-mobile's texts", ANTD_TEXTS);
  const drawsAntd = (files: Set<string>) =>
    [...files].some((file) => {
      const item = bundle[file];
      return item?.type === 'chunk' && item.moduleIds.some((id) => ANTD.test(id));
    });
  const map: Record<string, Files> = {};
  for (const [page, pattern] of Object.entries(PAGES)) {
    const graph = new Set<string>();
    staticGraph(bundle, lazyChunk(page, pattern), graph);
    if (WITHOUT_ANTD.has(page)) {
      if (drawsAntd(graph)) {
        throw new Error(
          `route-preload: the ${page} page's chunks hold antd-mobile, which it loads only on demand (router.tsx, antdTexts: false)`,
        );
      }
    } else if (!(page in LANGUAGES)) staticGraph(bundle, antdTexts, graph);
    const js = [...graph].filter((file) => !initial.has(file));
    const css = js.flatMap((file) => {
      const item = bundle[file];
      return item?.type === 'chunk' ? [...(item.viteMetadata?.importedCss ?? [])] : [];
    });
    map[page] = { js: js.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`) };
  }
  return map;
}

export function routePreload(): Plugin {
  return {
    name: 'dramastar-route-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) return html;
        if (!MARK.test(html))
          throw new Error('route-preload: index.html lacks its <!--ds-route-chunks--> mark');
        const map = JSON.stringify(routeChunks(context.bundle));
        return html.replace(MARK, `<script>window.__dsChunks=${map}</script>`);
      },
    },
  };
}
