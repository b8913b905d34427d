import { localeProblems } from '@dramastar/contract';
import { expect, it } from 'vitest';
import en from './en.json';
import id from './id.json';
import vn from './vn.json';

it('the console’s locale files are complete and translated in every language of the contract', () => {
  expect(localeProblems({ en, vn, id })).toEqual([]);
});
