import { CURRENCY_LIST, type CurrencyInfo, type Language, localeOf } from '@dramastar/contract';
import type { CountryDes } from '../../../shared/store/session';

/** The country's name in the reader's language (the browser knows them), else the English name. */
export function countryName(code: string, fallback: string, language: Language): string {
  try {
    return new Intl.DisplayNames([localeOf(language)], { type: 'region' }).of(code) ?? fallback;
  } catch {
    return fallback;
  }
}

export function toCountryDes(currency: CurrencyInfo): CountryDes {
  return {
    img: currency.flag,
    name: currency.name,
    phonePrefix: currency.phonePrefix,
    code: currency.countryCode,
  };
}

export const COUNTRIES: readonly CurrencyInfo[] = CURRENCY_LIST;
