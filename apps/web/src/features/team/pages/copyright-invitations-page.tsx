import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { InvitationDetailsList } from '../components/invitation-details';
import { TeamPage } from '../components/shell';

/**
 * /pages/profile/copyright-center/invitation-details/index: the same invitation details, reached
 * from the copyright center (they show what each invitee bought and brought in copyrights).
 */
export default function CopyrightInvitationsPage() {
  const t = useT();
  return (
    <TeamPage title={t('invitations.title')} backUrl={ROUTES.copyrightCenter}>
      <InvitationDetailsList />
    </TeamPage>
  );
}
