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
export const PAGES: Record<string, RegExp> = {
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
 * the build fails if their chunks hold antd-mobile, whose texts would then be its default Chinese
 * (src/app/route-preload.test.ts checks this list against router.tsx).
 */
export const WITHOUT_ANTD = new Set(['shorts', 'episode']);
const ANTD = /node_modules[\\/]antd-mobile[\\/]/;

/**
 * What pages load only when it opens (shared/ui/lazy-until-open.tsx, shared/ui/toast.ts), listed
 * as `parts`: the app fetches their files ahead once a page has loaded (shared/parts-ahead.ts), so
 * they open offline too. A part left off this list still works, but not after the connection drops
 * (src/app/route-preload.test.ts fails for a lazyUntilOpen part not on it).
 */
export const PARTS: Record<string, RegExp> = {
  'confirm popup': /shared\/ui\/confirm-popup-view\.tsx$/,
  'episode sheet': /features\/drama\/components\/episode-sheet-view\.tsx$/,
  'unlock prompt': /features\/drama\/components\/unlock-prompt-view\.tsx$/,
  toast: /node_modules\/antd-mobile\/es\/components\/toast\/index\.js$/,
  "antd-mobile's texts": ANTD_TEXTS,
};

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
  // A module that is also imported statically somewhere (antd-mobile's Toast) is in a shared chunk.
  const chunkHolding = (name: string, pattern: RegExp) => {
    const chunk = chunks.find((c) => c.moduleIds.some((id) => pattern.test(id)));
    if (!chunk) throw new Error(`route-preload: no chunk holds the ${name} (${pattern})`);
    return chunk;
  };
  const antdTexts = lazyChunk("antd-mobile's texts", ANTD_TEXTS);
  const drawsAntd = (files: Set<string>) =>
    [...files].some((file) => {
      const item = bundle[file];
      return item?.type === 'chunk' && item.moduleIds.some((id) => ANTD.test(id));
    });
  const files = (graph: Set<string>): Files => {
    const js = [...graph].filter((file) => !initial.has(file));
    const css = js.flatMap((file) => {
      const item = bundle[file];
      return item?.type === 'chunk' ? [...(item.viteMetadata?.importedCss ?? [])] : [];
    });
    return { js: js.map((file) => `/${file}`), css: [...new Set(css)].map((file) => `/${file}`) };
  };
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
    map[page] = files(graph);
  }
  const parts = new Set<string>();
  for (const [part, pattern] of Object.entries(PARTS))
    staticGraph(bundle, chunkHolding(part, pattern), parts);
  map.parts = files(parts);
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
