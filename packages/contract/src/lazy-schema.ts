/**
 * A schema built the first time it is used rather than when its module loads. Building zod
 * schemas is costly (every instance runs its traits' initialisers), and the contract declares
 * ~2,400 schema parts: built at once they took ~70 ms of a phone-sized main thread before the web
 * app's first page could render, though a page uses a few of them. The value stands for the schema
 * everywhere (`parse`, `shape`, `instanceof`, composing it into other schemas, `z.infer`): every
 * property is read from the built schema, and its methods are bound to it.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const schema = () => (built ??= build());
  /** The built schema's methods (its prototype's), each bound to it once. */
  const bound = new WeakMap<(...args: unknown[]) => unknown, unknown>();
  // The target is a stand-in: everything is answered by the built schema.
  return new Proxy({} as T, {
    get(_target, key) {
      const value: unknown = Reflect.get(schema(), key);
      if (typeof value !== 'function') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!bound.has(method)) bound.set(method, method.bind(schema()));
      return bound.get(method);
    },
    set: (_target, key, value) => Reflect.set(schema(), key, value),
    has: (_target, key) => key in schema(),
    ownKeys: () => Reflect.ownKeys(schema()),
    getPrototypeOf: () => Reflect.getPrototypeOf(schema()),
    // A proxy may not report a property its target lacks as fixed (zod's `_zod` is): reported as
    // configurable, which it is to everyone reading through this proxy.
    getOwnPropertyDescriptor(_target, key) {
      const descriptor = Reflect.getOwnPropertyDescriptor(schema(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_target, key, descriptor) => Reflect.defineProperty(schema(), key, descriptor),
    deleteProperty: (_target, key) => Reflect.deleteProperty(schema(), key),
  });
}
