import { ROUTES } from '../../../shared/routes';
import { CountryPage } from './select-area-page';

/**
 * /choose-location: the viewer's country (flag, name, phone prefix), the one sign-up and the
 * login panel start from; back to where the viewer came from.
 */
export default function ChooseLocationPage() {
  return <CountryPage title="location.chooseTitle" fallbackUrl={ROUTES.home} testId="choose-location" />;
}
