import {
  emailRegisterForm,
  inviteCodeRequired,
  LIMITS,
  nameRegisterForm,
  phoneRule,
} from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTenantConfig } from '../../../shared/api/tenant-config';
import {
  bound,
  EmailWithCodeFields,
  NewPasswordFields,
  UserNameField,
  type BoundField,
} from '../../../shared/forms/account-fields';
import { useFormSubmit } from '../../../shared/forms/use-form-submit';
import { useSendCode } from '../../../shared/forms/use-send-code';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { useSession } from '../../../shared/store/session';
import { RefreshIcon, showToast, TextField, TopTabs } from '../../../shared/ui';
import { captchaQueryOptions, registerByEmail, registerByName } from '../api/auth-calls';
import { CountryButton } from './country-picker';
import { GoogleButton, LoginSubmit, SwitchLine, type ViewProps } from './views';

type RegisterTab = 'email' | 'username';

/** A field whose rules follow the chosen phone prefix. */
type PrefixedField = BoundField & { prefix: string | null };

function PhoneField({ field, error, prefix }: PrefixedField) {
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
export function InviteField({ field, error, prefix, invite }: PrefixedField & { invite: string }) {
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
  const choseCountry = () => {
    if (prefix) return true;
    showToast(t.message('PleaseChooseCountry'));
    return false;
  };
  const { loading, submit } = useFormSubmit(
    form,
    async () => {
      const { access_token } = await registerByEmail({
        phone: form.values.phone.trim(),
        email: form.values.email.trim(),
        areaCode: prefix ?? '',
        verifyCode: form.values.verifyCode.trim(),
        inviteCode: form.values.inviteCode.trim() || undefined,
        tenantId,
      });
      await finish(access_token);
    },
    { precheck: choseCountry },
  );

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
      <PhoneField {...bound(form, 'phone')} prefix={prefix} />
      <EmailWithCodeFields form={form} code={code} seconds={LIMITS.codeCountdownLoginSeconds} />
      <InviteField {...bound(form, 'inviteCode')} prefix={prefix} invite={invite} />
      <LoginSubmit loading={loading}>{t('auth.register')}</LoginSubmit>
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
  const captcha = useQuery(captchaQueryOptions());
  const form = useZodForm(
    nameRegisterForm,
    { userName: '', password: '', repPassword: '', phone: '', code: '', inviteCode: invite },
    { areaCode: prefix ?? '', uuid: captcha.data?.uuid ?? '' },
  );
  const newCaptcha = () => {
    form.clear('code');
    void captcha.refetch();
  };
  const { loading, submit } = useFormSubmit(
    form,
    async () => {
      if (!captcha.data) return;
      const { access_token } = await registerByName({
        userName: form.values.userName.trim(),
        password: form.values.password,
        phone: form.values.phone.trim(),
        areaCode: prefix ?? '',
        inviteCode: form.values.inviteCode.trim() || undefined,
        uuid: captcha.data.uuid,
        code: form.values.code.trim(),
        tenantId,
      });
      await finish(access_token);
    },
    {
      precheck: () => {
        if (prefix) return true;
        showToast(t.message('PleaseChooseCountry'));
        openCountries();
        return false;
      },
      // The server's message was toasted; a captcha is single-use, so show a new one.
      onError: newCaptcha,
    },
  );

  return (
    <form
      className="ds-login-view__form"
      data-testid="register-username"
      onSubmit={(e) => void submit(e)}
      noValidate
    >
      <UserNameField {...bound(form, 'userName')} />
      <NewPasswordFields password={bound(form, 'password')} repeat={bound(form, 'repPassword')} />
      <CountryButton label={t('auth.countryAndPrefix')} withPrefix onOpen={openCountries} />
      <PhoneField {...bound(form, 'phone')} prefix={prefix} />
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
      <InviteField {...bound(form, 'inviteCode')} prefix={prefix} invite={invite} />
      <LoginSubmit loading={loading}>{t('auth.register')}</LoginSubmit>
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
      <SwitchLine
        text={t('auth.haveAccount')}
        action={t('auth.login')}
        testId="register-login-hint"
        onClick={() => props.go('chooser')}
      />
    </div>
  );
}
