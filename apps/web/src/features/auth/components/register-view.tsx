import {
  EmailCodeField,
  EmailField,
  NewPasswordFields,
  UserNameField,
} from '../../../shared/forms/account-fields';
import {
  emailRegisterForm,
  inviteCodeRequired,
  LIMITS,
  nameRegisterForm,
  phoneRule,
} from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import { useZodForm, type FieldProps } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { DevMailboxHint, RefreshIcon, showToast, TextField, TopTabs } from '../../../shared/ui';
import { fetchCaptcha, registerByEmail, registerByName } from '../api/auth-calls';
import { CountryButton } from './country-picker';
import { GoogleButton, useSendCode, useSubmit, type ViewProps } from './views';

type RegisterTab = 'email' | 'username';

interface BoundField {
  field: FieldProps;
  error: string | undefined;
  prefix: string | null;
}

function PhoneField({ field, error, prefix }: BoundField) {
  const t = useT();
  return (
    <TextField
      label={t('auth.phone')}
      type="tel"
      digitsOnly
      autoComplete="tel-national"
      placeholder={t('auth.phonePlaceholder')}
      prefix={<span className="ds-phone-prefix">{prefix ?? '+ —'}</span>}
      maxLength={phoneRule(prefix ?? '').maxLength}
      testId="phone-input"
      error={error}
      {...field}
    />
  );
}

/**
 * The invite code: the label says up front whether the chosen prefix needs one (+63), and where
 * to get one, rather than only after Register; a code from a shared link says where it came from.
 */
export function InviteField({ field, error, prefix, invite }: BoundField & { invite: string }) {
  const t = useT();
  const required = inviteCodeRequired(prefix ?? '');
  const fromLink = invite !== '' && field.value.trim() === invite;
  let hint: string | undefined;
  if (fromLink) hint = t('auth.inviteFromLink');
  else if (required) hint = t('auth.inviteRequiredHint');
  return (
    <TextField
      label={required ? t('auth.inviteCodeRequiredLabel') : t('auth.inviteCodeOptional')}
      autoCapitalize="characters"
      autoCorrect="off"
      placeholder={t('auth.invitePlaceholder')}
      maxLength={LIMITS.inviteCodeLength}
      testId="invite-input"
      required={required}
      aria-required={required}
      error={error}
      hint={hint}
      {...field}
    />
  );
}

function EmailRegisterForm({ finish, openCountries, invite }: ViewProps & { invite: string }) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const prefix = useSession((s) => s.phonePrefix);
  const config = useTenantConfig();
  const form = useZodForm(
    emailRegisterForm,
    { phone: '', email: '', verifyCode: '', inviteCode: invite },
    { tenantId, areaCode: prefix ?? '' },
  );
  const code = useSendCode(form.values.email, 'register');
  const { loading, submit } = useSubmit(async () => {
    const valid = form.validate();
    if (!prefix) {
      showToast(t.message('PleaseChooseCountry'));
      return;
    }
    if (!valid) return;
    try {
      const { access_token } = await registerByEmail({
        phone: form.values.phone.trim(),
        email: form.values.email.trim(),
        areaCode: prefix,
        verifyCode: form.values.verifyCode.trim(),
        inviteCode: form.values.inviteCode.trim() || undefined,
        tenantId,
      });
      await finish(access_token);
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });

  return (
    <form
      className="ds-login-view__form"
      data-testid="register-email"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <CountryButton
        label={t('auth.countryAndPrefix')}
        withPrefix
        onOpen={openCountries}
        error={form.values.phone && !prefix ? t.message('PleaseChooseCountry') : undefined}
      />
      <PhoneField field={form.field('phone')} error={form.error('phone')} prefix={prefix} />
      <EmailField field={form.field('email')} error={form.error('email')} />
      <EmailCodeField
        field={form.field('verifyCode')}
        error={form.error('verifyCode')}
        onSend={code.send}
        seconds={LIMITS.codeCountdownLoginSeconds}
      />
      {code.sent && <DevMailboxHint mailbox={config.data?.devMailbox} />}
      <InviteField
        field={form.field('inviteCode')}
        error={form.error('inviteCode')}
        prefix={prefix}
        invite={invite}
      />
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={loading}
        data-testid="submit"
        className="ds-login-submit"
      >
        {t('auth.register')}
      </Button>
      {config.data?.googleLogin && (
        <>
          <div className="ds-divider">
            <span>{t('auth.orContinueWith')}</span>
          </div>
          <GoogleButton testId="register-google" label={t('auth.google')} />
        </>
      )}
    </form>
  );
}

function UsernameRegisterForm({ finish, openCountries, invite }: ViewProps & { invite: string }) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const prefix = useSession((s) => s.phonePrefix);
  const captcha = useQuery({
    queryKey: ['auth', 'captcha'],
    queryFn: ({ signal }) => fetchCaptcha(signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  });
  const form = useZodForm(
    nameRegisterForm,
    { userName: '', password: '', repPassword: '', phone: '', code: '', inviteCode: invite },
    { areaCode: prefix ?? '', uuid: captcha.data?.uuid ?? '' },
  );
  const newCaptcha = () => {
    form.clear('code');
    void captcha.refetch();
  };
  const { loading, submit } = useSubmit(async () => {
    const valid = form.validate();
    if (!prefix) {
      showToast(t.message('PleaseChooseCountry'));
      openCountries();
      return;
    }
    if (!valid || !captcha.data) return;
    try {
      const { access_token } = await registerByName({
        userName: form.values.userName.trim(),
        password: form.values.password,
        phone: form.values.phone.trim(),
        areaCode: prefix,
        inviteCode: form.values.inviteCode.trim() || undefined,
        uuid: captcha.data.uuid,
        code: form.values.code.trim(),
        tenantId,
      });
      await finish(access_token);
    } catch (error) {
      // The server's message was toasted; a captcha is single-use, so show a new one.
      form.showServerError(error);
      toastIfNoAnswer(error);
      newCaptcha();
    }
  });

  return (
    <form
      className="ds-login-view__form"
      data-testid="register-username"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <UserNameField field={form.field('userName')} error={form.error('userName')} />
      <NewPasswordFields
        password={{ field: form.field('password'), error: form.error('password') }}
        repeat={{ field: form.field('repPassword'), error: form.error('repPassword') }}
      />
      <CountryButton label={t('auth.countryAndPrefix')} withPrefix onOpen={openCountries} />
      <PhoneField field={form.field('phone')} error={form.error('phone')} prefix={prefix} />
      <TextField
        label={t('auth.captcha')}
        autoCapitalize="off"
        autoCorrect="off"
        placeholder={t('auth.captchaPlaceholder')}
        maxLength={10}
        testId="captcha-input"
        error={form.error('code')}
        suffix={
          <button
            type="button"
            className="ds-captcha"
            data-testid="captcha-refresh"
            aria-label={t('auth.captchaRefresh')}
            title={t('auth.captchaRefresh')}
            onClick={newCaptcha}
          >
            {captcha.data && !captcha.isFetching ? (
              <img
                src={`data:image/png;base64,${captcha.data.img}`}
                alt={t('auth.captchaAlt')}
                data-testid="captcha-img"
              />
            ) : (
              <RefreshIcon className={captcha.isFetching ? 'ds-spin' : undefined} />
            )}
          </button>
        }
        {...form.field('code')}
      />
      <InviteField
        field={form.field('inviteCode')}
        error={form.error('inviteCode')}
        prefix={prefix}
        invite={invite}
      />
      <Button
        block
        color="primary"
        size="large"
        type="submit"
        loading={loading}
        data-testid="submit"
        className="ds-login-submit"
      >
        {t('auth.register')}
      </Button>
    </form>
  );
}

export function RegisterView(props: ViewProps & { invite: string }) {
  const t = useT();
  const [tab, setTab] = useState<RegisterTab>('email');
  return (
    <div className="ds-login-view" data-testid="view-register">
      <h2 className="ds-login-view__title">{t('auth.registerTitle')}</h2>
      <TopTabs
        tabs={[
          { key: 'email', title: t('auth.tabEmail'), testId: 'register-tab-email' },
          { key: 'username', title: t('auth.tabUsername'), testId: 'register-tab-username' },
        ]}
        activeKey={tab}
        onChange={setTab}
      />
      {tab === 'email' ? <EmailRegisterForm {...props} /> : <UsernameRegisterForm {...props} />}
      <div className="ds-login-view__switch">
        <span>{t('auth.haveAccount')}</span>
        <button
          type="button"
          className="ds-link"
          data-testid="register-login-hint"
          onClick={() => props.go('chooser')}
        >
          {t('auth.login')}
        </button>
      </div>
    </div>
  );
}
