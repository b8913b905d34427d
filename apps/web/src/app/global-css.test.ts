import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(__dirname, '..');

function cssFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cssFiles(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

describe("the app's stylesheets", () => {
  it("define every antd-mobile variable they use (Shorts and an episode page draw without antd-mobile's stylesheet)", () => {
    const global = readFileSync(join(SRC, 'app/global.css'), 'utf8');
    const defined = new Set([...global.matchAll(/(--adm-[\w-]+)\s*:/g)].map((m) => m[1]));
    const used = cssFiles(SRC).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/var\((--adm-[\w-]+)/g)].map((m) => `${m[1]} (${file})`),
    );
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((use) => !defined.has(use.split(' ')[0]))).toEqual([]);
  });
});
