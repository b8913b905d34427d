import { Popup } from 'antd-mobile';
import { useT } from '../../../shared/i18n';
import { useSession, type CountryDes } from '../../../shared/store/session';
import { CheckIcon, ChevronRightIcon, CloseIcon } from '../../../shared/ui';
import { COUNTRIES, countryName, toCountryDes } from '../lib/countries';

/** Every country of the currency table with flag, name and phone prefix; a radio list. */
export function CountryList({ onChoose }: { onChoose: (country: CountryDes) => void }) {
  const t = useT();
  const chosen = useSession((s) => s.countryDes?.code ?? null);
  return (
    <div className="ds-menu" role="radiogroup" aria-label={t('auth.selectCountries')}>
      {COUNTRIES.map((country) => {
        const checked = country.countryCode === chosen;
        return (
          <button
            key={country.key}
            type="button"
            role="radio"
            aria-checked={checked}
            className="ds-menu__row ds-menu__row--action"
            data-testid={`country-${country.countryCode}`}
            onClick={() => onChoose(toCountryDes(country))}
          >
            <img className="ds-flag" src={country.flag} alt="" width={28} height={20} />
            <span className="ds-menu__title">
              {countryName(country.countryCode, country.name, t.language)}
            </span>
            <span className="ds-menu__extra">{country.phonePrefix}</span>
            <CheckIcon className="ds-menu__check" visibility={checked ? 'visible' : 'hidden'} />
          </button>
        );
      })}
    </div>
  );
}

/** The country chooser as a sheet over the login panel (which sits at z-index 998). */
export function CountrySheet({ visible, onClose }: { visible: boolean; onClose: () => void }) {
  const t = useT();
  const setCountry = useSession((s) => s.setCountry);
  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="ds-country-sheet"
      style={{ '--z-index': '1001' }}
      destroyOnClose
    >
      <div className="ds-country-sheet__head">
        <h2>{t('auth.selectCountries')}</h2>
        <button type="button" className="ds-icon-button" aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      <div data-testid="country-sheet">
        <CountryList
          onChoose={(country) => {
            setCountry(country);
            onClose();
          }}
        />
      </div>
    </Popup>
  );
}

/** The country selector of the forms: flag and name, or "Select Country" until one is chosen. */
export function CountryButton({
  onOpen,
  withPrefix = false,
  error,
  label,
}: {
  onOpen: () => void;
  withPrefix?: boolean;
  error?: string | undefined;
  label: string;
}) {
  const t = useT();
  const country = useSession((s) => s.countryDes);
  return (
    <div className="ds-field">
      <span className="ds-field__label">{label}</span>
      <button
        type="button"
        className={
          error ? 'ds-field__box ds-country-button ds-field__box--error' : 'ds-field__box ds-country-button'
        }
        data-testid="country-select"
        aria-haspopup="dialog"
        onClick={onOpen}
      >
        {country ? (
          <>
            <img className="ds-flag" src={country.img} alt="" width={24} height={17} />
            <span className="ds-country-button__name">
              {countryName(country.code, country.name, t.language)}
              {withPrefix && <span className="ds-muted"> {country.phonePrefix}</span>}
            </span>
          </>
        ) : (
          <span className="ds-country-button__name ds-country-button__placeholder">
            {t('auth.selectCountry')}
          </span>
        )}
        <ChevronRightIcon className="ds-menu__arrow" />
      </button>
      {error && (
        <p className="ds-field__error" role="alert" data-testid="country-select-error">
          {error}
        </p>
      )}
    </div>
  );
}
