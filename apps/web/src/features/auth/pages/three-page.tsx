import { isMessageKey, phoneRule, thirdLoginBody } from '@dramastar/contract';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { toastIfNoAnswer } from '../../../shared/api/network-toast';
import { isApiError } from '../../../shared/api/api-error';
import { useZodForm } from '../../../shared/forms/use-zod-form';
import { useT } from '../../../shared/i18n';
import { ROUTES } from '../../../shared/routes';
import { useSession } from '../../../shared/store/session';
import { AlertIcon, EmptyState, LoadingMask, PageContainer, showToast, TextField } from '../../../shared/ui';
import { googleTicketQueryOptions, loginByTicket, thirdLogin } from '../api/auth-calls';
import { CountryButton, CountrySheet } from '../components/country-picker';
import { InviteField } from '../components/register-view';
import { useSubmit } from '../components/views';
import { rememberedInviteCode } from '../../../shared/invite';
import { useFinishLogin } from '../lib/use-login-flow';
import '../components/login-panel.css';

function ThreeError({ message }: { message: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <EmptyState
      testId="three-error"
      icon={<AlertIcon />}
      title={t('auth.threeFailedTitle')}
      description={message}
      action={
        <div className="ds-button-row">
          <Button color="primary" onClick={() => void navigate(ROUTES.loginChooser, { replace: true })}>
            {t('auth.tryAgain')}
          </Button>
          <Button fill="outline" onClick={() => void navigate(ROUTES.home, { replace: true })}>
            {t('common.backHome')}
          </Button>
        </div>
      }
    />
  );
}

/** A new Google user completes the sign-up: country and phone, invite code. */
function CompletionForm({
  ticket,
  email,
  name,
  returnTo,
}: {
  ticket: string;
  email: string | null;
  name: string | null;
  returnTo: string | null;
}) {
  const t = useT();
  const tenantId = useSession((s) => s.tenantId);
  const prefix = useSession((s) => s.phonePrefix);
  const finish = useFinishLogin('route');
  const [countriesOpen, setCountriesOpen] = useState(false);
  const [invite] = useState(rememberedInviteCode);
  const form = useZodForm(
    thirdLoginBody,
    { phone: '', inviteCode: invite },
    { accessToken: ticket, channel: 'google', tenantId, areaCode: prefix ?? '' },
  );
  const { loading, submit } = useSubmit(async () => {
    const valid = form.validate();
    if (!prefix) {
      showToast(t.message('PleaseChooseCountry'));
      setCountriesOpen(true);
      return;
    }
    if (!valid) return;
    try {
      const { access_token } = await thirdLogin({
        accessToken: ticket,
        channel: 'google',
        areaCode: prefix,
        phone: form.values.phone.trim(),
        inviteCode: form.values.inviteCode.trim() || undefined,
        tenantId,
      });
      await finish(access_token, returnTo);
    } catch (error) {
      form.showServerError(error);
      toastIfNoAnswer(error);
    }
  });

  return (
    <form className="ds-three-form" data-testid="three-complete" onSubmit={(e) => void submit(e)} noValidate>
      <p className="ds-muted">{t('auth.threeCompleteIntro')}</p>
      {email && <TextField label={t('auth.email')} value={email} readOnly testId="three-email" />}
      {name && <TextField label={t('auth.name')} value={name} readOnly testId="three-name" />}
      <CountryButton label={t('auth.countryAndPrefix')} withPrefix onOpen={() => setCountriesOpen(true)} />
      <TextField
        label={t('auth.phone')}
        type="tel"
        digitsOnly
        placeholder={t('auth.phonePlaceholder')}
        prefix={<span className="ds-phone-prefix">{prefix ?? '+ —'}</span>}
        maxLength={phoneRule(prefix ?? '').maxLength}
        testId="phone-input"
        error={form.error('phone')}
        {...form.field('phone')}
      />
      <InviteField
        field={form.field('inviteCode')}
        error={form.error('inviteCode')}
        prefix={prefix}
        invite={invite}
      />
      <Button block color="primary" size="large" type="submit" loading={loading} data-testid="submit">
        {t('auth.finishSignUp')}
      </Button>
      <CountrySheet visible={countriesOpen} onClose={() => setCountriesOpen(false)} />
    </form>
  );
}

/** Signs in with the hand-over ticket of the embedded login (`handoff`): a new session of its own. */
function SessionHandoff({ ticket, returnTo }: { ticket: string; returnTo: string | null }) {
  const finish = useFinishLogin('route');
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    loginByTicket(ticket).then(
      ({ access_token }) => finish(access_token, returnTo),
      () => setFailed(true),
    );
  }, [finish, ticket, returnTo]);
  const t = useT();
  return failed ? (
    <ThreeError message={t.message('LoginTicketInvalid')} />
  ) : (
    <LoadingMask fullscreen={false} />
  );
}

function GoogleTicket({ ticket, returnTo }: { ticket: string; returnTo: string | null }) {
  const t = useT();
  const finish = useFinishLogin('route');
  const started = useRef(false);
  // The ticket is single-use: one exchange per ticket, even when the page is mounted twice.
  const exchange = useQuery(googleTicketQueryOptions(ticket));
  const token = exchange.data?.access_token ?? null;
  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    void finish(token, returnTo);
  }, [finish, token, returnTo]);

  if (exchange.isError) {
    const error = exchange.error;
    return (
      <ThreeError
        message={isApiError(error) && error.kind === 'api' ? error.message : t('common.loadErrorDescription')}
      />
    );
  }
  if (!exchange.data || token) return <LoadingMask fullscreen={false} />;
  return (
    <CompletionForm
      ticket={ticket}
      email={exchange.data.email}
      name={exchange.data.name}
      returnTo={returnTo}
    />
  );
}

/**
 * /pages/login/three: the end of Google sign-in (`token` = the server's ticket, `channel=google`,
 * or `error=<MessageKey>`), and the hand-over from the embedded login (`handoff` = a single-use
 * ticket; a session token is never accepted from an address).
 */
export default function ThreePage() {
  const t = useT();
  const [params] = useSearchParams();
  const token = params.get('token');
  const channel = params.get('channel');
  const handoff = params.get('handoff');
  const error = params.get('error');
  const returnTo = params.get('returnTo');

  let content;
  if (handoff && error === null) {
    content = <SessionHandoff ticket={handoff} returnTo={returnTo} />;
  } else if (error !== null || !token || channel !== 'google') {
    content = <ThreeError message={t.message(error && isMessageKey(error) ? error : 'OAuthFailed')} />;
  } else {
    content = <GoogleTicket ticket={token} returnTo={returnTo} />;
  }
  return (
    <PageContainer title={t('auth.threeTitle')} backUrl={ROUTES.home}>
      <div className="ds-three" data-testid="three-page">
        {content}
      </div>
    </PageContainer>
  );
}
