import { inviteCodeSchema, LIMITS } from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { z } from 'zod';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { fetchUserInfo, useUserInfo, userInfoQueryKey } from '../../../shared/api/user-info';
import { LoginRequired } from '../../../shared/auth/login-required';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { LockIcon, PageContainer, showToast, TextField } from '../../../shared/ui';
import { setInviteCode } from '../api/account-calls';
import { useSubmitOnce } from '../../../shared/forms/use-submit-once';

const inviteForm = z.object({ inviteCode: inviteCodeSchema.min(1, { error: 'InvalidInviteCode' }) });

function BindForm() {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useZodForm(inviteForm, { inviteCode: '' });
  const { loading, submit } = useSubmitOnce(async () => {
    if (!form.validate()) return;
    try {
      await setInviteCode(form.values.inviteCode.trim());
      await fetchUserInfo().catch(() => undefined);
      await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
      showToast(t('inviteBind.bound'));
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });
  return (
    <form className="ds-form-page" data-testid="invite-bind" onSubmit={(e) => void submit(e)} noValidate>
      <p className="ds-form-page__intro">{t('inviteBind.intro')}</p>
      <TextField
        label={t('auth.inviteCode')}
        placeholder={t('auth.invitePlaceholder')}
        autoCapitalize="characters"
        maxLength={LIMITS.inviteCodeLength}
        testId="invite-input"
        error={form.error('inviteCode')}
        hint={t('inviteBind.once')}
        {...form.field('inviteCode')}
      />
      <Button block color="primary" size="large" type="submit" loading={loading} data-testid="submit">
        {t('inviteBind.submit')}
      </Button>
    </form>
  );
}

/** /pages/profile/setting/code: bind the inviter's code once; afterwards it is shown, locked. */
export default function InviteCodePage() {
  const t = useT();
  const user = useUserInfo();
  let content;
  if (!user) content = <LoginRequired />;
  else if (user.inviterCode) {
    content = (
      <div className="ds-form-page" data-testid="invite-locked">
        <TextField
          label={t('auth.inviteCode')}
          value={user.inviterCode}
          readOnly
          testId="invite-input"
          prefix={<LockIcon />}
          hint={t.message('InviteCodeLocked')}
        />
        <p className="ds-form-page__intro">{t('inviteBind.lockedExplain')}</p>
      </div>
    );
  } else content = <BindForm />;
  return <PageContainer title={t('inviteBind.title')}>{content}</PageContainer>;
}
