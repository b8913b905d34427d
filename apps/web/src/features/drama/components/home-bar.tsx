import { Link } from 'react-router-dom';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { Brand, SearchIcon } from '../../../shared/ui';

/** Home's top bar: the brand and the way to search. */
export function HomeBar() {
  const t = useT();
  return (
    <header className="ds-home__bar" data-testid="home-page">
      <Brand />
      <Link to={ROUTES.search} className="ds-home__search" data-testid="home-search">
        <SearchIcon />
        <span>{t('search.placeholder')}</span>
      </Link>
    </header>
  );
}
