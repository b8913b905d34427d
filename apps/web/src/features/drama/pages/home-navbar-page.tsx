import { PageContainer } from '../../../shared/ui';
import { HomeBar } from '../components/home-bar';
import '../drama.css';

/** /pages/home/components/homeNavbar: Home's top bar on its own (the original app's route to it). */
export default function HomeNavbarPage() {
  return (
    <PageContainer className="ds-home">
      <div data-testid="home-navbar">
        <HomeBar />
      </div>
    </PageContainer>
  );
}
