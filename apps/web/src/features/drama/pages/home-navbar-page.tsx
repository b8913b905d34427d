import { Navigate } from 'react-router-dom';
import { ROUTES } from '../../../shared/routes';

/**
 * /pages/home/components/homeNavbar: the original app's route to Home's top bar. Alone it was a
 * logo and a search box on an empty page; an old link to it lands on Home, where that bar is.
 */
export default function HomeNavbarPage() {
  return <Navigate to={ROUTES.home} replace />;
}
