// Import resolver for eslint-plugin-boundaries: the server's ESM imports name `./x.js` for the
// source file `./x.ts`; try the `.ts` first, then Node's own resolution.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- eslint-module-utils loads resolvers with require()
const node = require('eslint-import-resolver-node');

exports.interfaceVersion = 2;
exports.resolve = (source, file, config) => {
  if (source.startsWith('.') && source.endsWith('.js')) {
    const ts = node.resolve(source.replace(/\.js$/, '.ts'), file, config);
    if (ts.found) return ts;
  }
  return node.resolve(source, file, config);
};
