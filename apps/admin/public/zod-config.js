// Loaded before the console's modules (index.html): zod (the contract's parsers) takes its
// settings from this global when it loads. jitless: it never builds parsers with new Function,
// which the console's Content-Security-Policy refuses and reports (apps/server/src/http/csp.ts).
// A file rather than an inline script, which that policy refuses too.
globalThis.__zod_globalConfig = { jitless: true };
