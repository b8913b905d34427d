import { describe, expect, it } from 'vitest';
import { localeProblems } from './locale-check.js';

const good = () => ({
  en: { hello: 'Hello {name}', bye: 'Goodbye' },
  vn: { hello: 'Xin chào {name}', bye: 'Tạm biệt' },
  id: { hello: 'Halo {name}', bye: 'Sampai jumpa' },
});

describe('localeProblems', () => {
  it('passes catalogues fit to ship', () => {
    expect(localeProblems(good())).toEqual([]);
  });

  it('names each problem by language and key', () => {
    const c = good();
    c.vn.hello = 'Xin chào {user}';
    (c.id as Record<string, string>).extra = 'Lebih';
    delete (c.id as Partial<typeof c.id>).bye;
    expect(localeProblems(c)).toEqual([
      'vn: hello has placeholders {user}',
      'id: bye missing',
      'id: extra is not in en',
    ]);
    expect(localeProblems({ ...good(), vn: { hello: 'TODO {name}', bye: ' ' } })).toEqual([
      'vn: hello is placeholder text',
      'vn: bye is empty',
    ]);
    expect(localeProblems({ ...good(), id: { hello: 'Hello {name}', bye: 'Goodbye' } })).toEqual([
      'id: 2 of 2 texts are the English ones',
    ]);
    const { id: _dropped, ...twoLanguages } = good();
    expect(localeProblems(twoLanguages)[0]).toMatch(/^languages en,vn, expected /);
  });
});
