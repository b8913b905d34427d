import { describe, expect, it } from 'vitest';
import { type Language } from '@dramastar/contract';
import { type TranslationKey, type Translator, translate } from '../../../shared/i18n';
import { categoryLabel, tagLabel } from './category';

const translator = (language: Language): Translator =>
  Object.assign((key: TranslationKey) => translate(language, key), {
    message: () => '',
    language,
  });

describe('tags and categories in the viewer language', () => {
  it('translates genre tags, its own and those named like a category', () => {
    expect(tagLabel(translator('vn'), 'ceo')).toBe('Tổng tài');
    expect(tagLabel(translator('vn'), 'romance')).toBe('Tình cảm');
    expect(tagLabel(translator('id'), 'marriage')).toBe('Pernikahan');
    expect(tagLabel(translator('en'), 'city')).toBe('City');
  });

  it('shows a tag an operator made up as written', () => {
    expect(tagLabel(translator('vn'), 'slow-burn')).toBe('slow-burn');
    expect(categoryLabel(translator('id'), 'sci-fi')).toBe('Sci-fi');
  });
});
