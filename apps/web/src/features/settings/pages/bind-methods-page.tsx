import {
  bindEmailForm,
  bindUserNameForm,
  isMessageKey,
  OAUTH_PATHS,
  type LoginMethod,
  type UserInfo,
} from '@dramastar/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isApiError } from '../../../shared/api/api-error';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { userInfoQueryKey } from '../../../shared/api/user-info';
import { LoginRequired } from '../../../shared/auth/login-required';
import {
  bound,
  EmailWithCodeFields,
  NewPasswordFields,
  SubmitButton,
  UserNameField,
} from '../../../shared/forms/account-fields';
import { useFormSubmit } from '../../../shared/forms/use-form-submit';
import { useSendCode } from '../../../shared/forms/use-send-code';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT, type TranslationKey } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import {
  AlertIcon,
  ConfirmPopup,
  EmptyState,
  GoogleIcon,
  LoadingMask,
  MailIcon,
  PageContainer,
  showToast,
  UserIcon,
} from '../../../shared/ui';
import {
  bindEmail,
  bindUserName,
  fetchBindTicket,
  loginMethodsQueryKey,
  unbindMethod,
  useLoginMethods,
} from '../api/account-calls';

const LABELS: Record<LoginMethod, TranslationKey> = {
  email: 'bind.method.email',
  username: 'bind.method.username',
  google: 'bind.method.google',
};

const ICONS: Record<LoginMethod, ReactNode> = {
  email: <MailIcon />,
  username: <UserIcon />,
  google: <GoogleIcon />,
};

function useAfterChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: loginMethodsQueryKey });
    await queryClient.invalidateQueries({ queryKey: userInfoQueryKey });
  };
}

/** After a method was bound: the session's user, the lists, a toast, the form closes. */
function useAfterBind(onDone: () => void) {
  const t = useT();
  const afterChange = useAfterChange();
  return async (info: UserInfo) => {
    useSession.getState().setUserInfo(info);
    await afterChange();
    showToast(t('bind.done'));
    onDone();
  };
}

function BindEmailForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const afterBind = useAfterBind(onDone);
  const form = useZodForm(bindEmailForm, { email: '', verifyCode: '' });
  const code = useSendCode(form.values.email, 'bind', () => {
    form.touch('email');
    return form.issueOf('email');
  });
  const { loading, submit } = useFormSubmit(form, async () => {
    await afterBind(
      await bindEmail({ email: form.values.email.trim(), verifyCode: form.values.verifyCode.trim() }),
    );
  });
  return (
    <form
      className="ds-form-page ds-bind-form"
      data-testid="bind-email-form"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <EmailWithCodeFields form={form} code={code} />
      <SubmitButton loading={loading}>{t('bind.bindEmail')}</SubmitButton>
    </form>
  );
}

function BindUserNameForm({ onDone }: { onDone: () => void }) {
  const t = useT();
  const afterBind = useAfterBind(onDone);
  const form = useZodForm(bindUserNameForm, { userName: '', password: '', repPassword: '' });
  const { loading, submit } = useFormSubmit(form, async () => {
    await afterBind(
      await bindUserName({
        userName: form.values.userName.trim(),
        password: form.values.password,
        repPassword: form.values.repPassword,
      }),
    );
  });
  return (
    <form
      className="ds-form-page ds-bind-form"
      data-testid="bind-username-form"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <UserNameField {...bound(form, 'userName')} />
      <NewPasswordFields password={bound(form, 'password')} repeat={bound(form, 'repPassword')} />
      <SubmitButton loading={loading}>{t('bind.bindUsername')}</SubmitButton>
    </form>
  );
}

function Methods() {
  const t = useT();
  const methods = useLoginMethods();
  const afterChange = useAfterChange();
  const [open, setOpen] = useState<LoginMethod | null>(null);
  const [unbinding, setUnbinding] = useState<'email' | 'google' | null>(null);
  const [working, setWorking] = useState(false);

  if (methods.isPending) return <LoadingMask fullscreen={false} />;
  if (methods.isError) {
    return (
      <EmptyState
        icon={<AlertIcon />}
        title={t('common.loadErrorTitle')}
        description={
          isApiError(methods.error) && methods.error.kind === 'api'
            ? methods.error.message
            : t('common.loadErrorDescription')
        }
        action={
          <Button color="primary" onClick={() => void methods.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }

  const bindGoogle = async () => {
    setWorking(true);
    try {
      const { ticket } = await fetchBindTicket();
      useSession.getState().setBind('google');
      window.location.assign(`${OAUTH_PATHS.bindGoogle}?ticket=${encodeURIComponent(ticket)}`);
    } catch (error) {
      toastIfNoAnswer(error);
      setWorking(false);
    }
  };

  const unbind = async () => {
    if (!unbinding) return;
    setWorking(true);
    try {
      const info = await unbindMethod(unbinding);
      useSession.getState().setUserInfo(info);
      await afterChange();
      showToast(t('bind.removed'));
    } catch (error) {
      toastIfNoAnswer(error);
    } finally {
      setWorking(false);
      setUnbinding(null);
    }
  };

  const rows = methods.data.methods.filter(
    (m) => m.method !== 'google' || m.bound || methods.data.googleEnabled,
  );
  return (
    <>
      <p className="ds-form-page__intro ds-bind-intro">{t('bind.intro')}</p>
      <div className="ds-menu" role="list">
        {rows.map((row) => {
          const action = !row.bound ? (
            <Button
              size="small"
              color="primary"
              fill="outline"
              data-testid={`bind-${row.method}`}
              loading={row.method === 'google' && working}
              onClick={() => {
                if (row.method === 'google') void bindGoogle();
                else setOpen(open === row.method ? null : row.method);
              }}
            >
              {t('bind.bind')}
            </Button>
          ) : row.method !== 'username' ? (
            <Button
              size="small"
              fill="outline"
              data-testid={`unbind-${row.method}`}
              disabled={!row.canUnbind}
              onClick={() => setUnbinding(row.method === 'email' ? 'email' : 'google')}
            >
              {t('bind.unbind')}
            </Button>
          ) : null;
          return (
            <div
              key={row.method}
              role="listitem"
              className="ds-bind__item"
              data-testid={`method-${row.method}`}
            >
              <div className="ds-menu__row">
                <span className="ds-menu__icon">{ICONS[row.method]}</span>
                <span className="ds-menu__title">
                  <span className="ds-bind__name">{t(LABELS[row.method])}</span>
                  <span className="ds-muted ds-bind__detail">
                    {row.bound ? (row.detail ?? t('bind.linked')) : t('bind.notLinked')}
                  </span>
                </span>
                {action}
              </div>
              {row.bound && !row.canUnbind && row.method !== 'username' && (
                <p className="ds-field__hint ds-bind__hint">{t.message('LastLoginMethod')}</p>
              )}
              {open === 'email' && row.method === 'email' && !row.bound && (
                <BindEmailForm onDone={() => setOpen(null)} />
              )}
              {open === 'username' && row.method === 'username' && !row.bound && (
                <BindUserNameForm onDone={() => setOpen(null)} />
              )}
            </div>
          );
        })}
      </div>
      <ConfirmPopup
        visible={unbinding !== null}
        title={t('bind.unbindConfirmTitle')}
        content={unbinding ? t('bind.unbindConfirmText', { method: t(LABELS[unbinding]) }) : undefined}
        confirmText={t('bind.unbind')}
        confirmLoading={working}
        onConfirm={() => void unbind()}
        onCancel={() => setUnbinding(null)}
      />
    </>
  );
}

/** The outcome of the Google bind round trip (`?bound=google` or `?error=<MessageKey>`). */
function BindResult() {
  const t = useT();
  const [params] = useSearchParams();
  const bound = params.get('bound');
  const error = params.get('error');
  if (bound === 'google') {
    return (
      <p className="ds-notice" role="status" data-testid="bind-result">
        {t('bind.googleLinked')}
      </p>
    );
  }
  if (error) {
    return (
      <p className="ds-notice ds-notice--error" role="alert" data-testid="bind-result">
        {t.message(isMessageKey(error) ? error : 'OAuthFailed')}
      </p>
    );
  }
  return null;
}

/** /pages/profile/setting/bindOrContinueWith: the ways to log in, linked or not. */
export default function BindMethodsPage() {
  const t = useT();
  const hasLogin = useSession((s) => s.hasLogin);
  // The Google bind round trip is over once this page shows again.
  useEffect(() => {
    if (useSession.getState().bind) useSession.getState().setBind(null);
  }, []);
  return (
    <PageContainer title={t('bind.title')}>
      <div data-testid="bind-methods">
        <BindResult />
        {hasLogin ? <Methods /> : <LoginRequired />}
      </div>
    </PageContainer>
  );
}
