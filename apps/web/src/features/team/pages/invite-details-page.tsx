import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { InvitationDetailsList } from '../components/invitation-details';
import { TeamPage } from '../components/shell';

/** /pages/profile/myTeam/inviteDetails: "Invitation Details" of the user's direct invitees. */
export default function InviteDetailsPage() {
  const t = useT();
  return (
    <TeamPage title={t('invitations.title')} backUrl={ROUTES.myTeam}>
      <InvitationDetailsList />
    </TeamPage>
  );
}
