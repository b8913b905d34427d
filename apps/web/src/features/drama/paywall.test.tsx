import { type MembershipStatus, type PaymentChannel, type TierOffer, api } from '@dramastar/contract';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useLoginPanel } from '../../shared/auth/login-panel-store';
import { openPaymentPage } from '../../shared/payments';
import { clearReturn, pendingReturn } from '../../shared/return-to';
import { useSession } from '../../shared/store/session';
import { showToast } from '../../shared/ui/toast';
import { ok, refusal, stubApi, on, type CallData } from '../../test/fetch';
import { clearCookies, episode, sampleUser, series, tenantConfigAnswer } from '../../test/fixtures';
import { renderAt } from '../../test/render-app';

vi.mock('../../shared/ui/toast', () => ({ showToast: vi.fn(), showNotify: vi.fn(), hideToast: vi.fn() }));
vi.mock('../../shared/payments', async () => ({
  ...(await vi.importActual<Record<string, unknown>>('../../shared/payments')),
  openPaymentPage: vi.fn(),
  submitPaymentForm: vi.fn(),
}));

const hls = vi.hoisted(() => {
  const urls: string[] = [];
  class Hls {
    static isSupported = () => true;
    on() {
      return this;
    }
    loadSource(url: string) {
      urls.push(url);
    }
    attachMedia() {}
    destroy() {}
  }
  return { Hls, urls };
});
vi.mock('hls.js/light', () => ({
  default: hls.Hls,
  Events: { ERROR: 'hlsError', FRAG_LOADED: 'hlsFragLoaded' },
}));

function tier(name: TierOffer['tier'], price: string): TierOffer {
  const star = name !== 'week';
  return {
    tier: name,
    level: ['week', 'primary', 'premium', 'director'].indexOf(name),
    price,
    currency: 'PHP',
    days: star ? 30 : 7,
    privileges: star
      ? ['viewing', 'welfare', 'referral', 'trialCards', 'gifting', 'withdrawal']
      : ['viewing'],
    trialCardsPerPeriod: star ? 5 : 0,
    rewardLevels: star ? 2 : 0,
    quote: { action: 'buy', credit: '0.00', pay: price, endsAt: '2026-12-04T09:00:00.000Z' },
  };
}

const tiers = [tier('week', '49.00'), tier('primary', '299.00'), tier('premium', '999.00')];

const status: MembershipStatus = {
  currency: 'PHP',
  active: null,
  userType: 0,
  trial: { activeUntil: null },
  tiers,
};

const gateway: PaymentChannel = {
  code: 'gateway',
  minAmount: '1',
  maxAmount: null,
  quickAmounts: [],
  fee: '0',
  windowMinutes: null,
  usdt: null,
};

const noTrial: CallData<typeof api.user.trialCards> = { hours: 72, activeUntil: null, owned: [], sent: [] };

const locked = {
  series: series(1),
  episodes: [episode(1, 1), episode(4, 4)],
  favorited: false,
  progress: null,
};
const unlocked = { ...locked, episodes: [episode(1, 1), episode(4, 4, { locked: false })] };

function routes(bought: () => boolean, balance: string) {
  return [
    on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
    on(api.user.getMessage).reply(ok({ list: [], total: 0, unread: 0 })),
    on(api.user.info).reply(ok(sampleUser())),
    on(api.video.videos, { seriesId: 1 }).reply(() => ok(bought() ? unlocked : locked)),
    on(api.user.queryGreatestVipcard).reply(ok(status)),
    on(api.account.accountInfo).reply(ok({ currency: 'PHP', balance })),
    on(api.config.queryPc).reply(ok({ currency: 'PHP', channels: [gateway] })),
    on(api.user.trialCards).reply(ok(noTrial)),
    on(api.video.play, { videoId: 4 }).reply(
      ok({
        videoId: 4,
        playlistUrl: '/stream/4/sig/index.m3u8',
        expiresAt: '2030-01-01T00:00:00.000Z',
        subtitles: [],
      }),
    ),
  ];
}

function signIn() {
  act(() => {
    useSession.getState().login('tok-1');
    useSession.getState().setUserInfo(sampleUser());
  });
}

beforeEach(() => {
  hls.urls.length = 0;
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(() => Promise.resolve());
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => undefined);
});

afterEach(() => {
  clearCookies();
  clearReturn();
  useLoginPanel.setState({ visible: false, view: 'chooser' });
});

describe('paywall over a paid episode', () => {
  it('names each card’s price and what it unlocks, the balance, and buys from the balance in one tap', async () => {
    signIn();
    let bought = false;
    const server = stubApi([
      ...routes(() => bought, '120.00'),
      on(api.user.openvipByBalance).reply(() => {
        bought = true;
        return ok({
          card: { tier: 'week', startsAt: '2026-11-27T09:00:00.000Z', endsAt: '2026-12-04T09:00:00.000Z' },
          action: 'buy',
          paid: '49.00',
          credit: '0.00',
          balance: '71.00',
        });
      }),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    const prompt = await screen.findByTestId('unlock-prompt');
    await waitFor(() => expect(screen.getByTestId('paywall-price-week').textContent).toBe('₱49.00'));
    expect(screen.getByTestId('paywall-tier-week').textContent).toContain('Every episode for 7 days');
    expect(screen.getByTestId('paywall-tier-primary').textContent).toContain('plus rewards and withdrawals');
    expect(screen.getByTestId('paywall-price-premium').textContent).toBe('₱999.00');
    // The cheapest card is chosen, nothing else is ticked, and the balance covers it.
    expect(screen.getByTestId('paywall-tier-week').getAttribute('aria-checked')).toBe('true');
    expect(screen.getByTestId('paywall-tier-primary').getAttribute('aria-checked')).toBe('false');
    await waitFor(() =>
      expect(screen.getByTestId('paywall-balance').textContent).toBe('Your balance: ₱120.00'),
    );
    expect(prompt.textContent).toContain('Cards never renew or charge you by themselves');
    // The sheet takes the width: the series' actions are not drawn over it.
    expect(screen.queryByTestId('details-share')).toBeNull();
    // No trial card left: no trial button.
    expect(screen.queryByTestId('unlock-trial')).toBeNull();
    const buy = screen.getByTestId('paywall-buy');
    await waitFor(() => expect(buy.textContent).toBe('Pay ₱49.00 from balance'));

    fireEvent.click(buy);
    await screen.findByTestId('paywall-done');
    expect(server.callsTo(api.user.openvipByBalance)[0]!.json).toMatchObject({ tier: 'week' });
    expect(screen.getByTestId('paywall-done').textContent).toContain('Drama Week Card is active');
    // The series reloads unlocked meanwhile; the sheet stays until the viewer continues.
    await waitFor(() => expect(server.callsTo(api.video.videos, { seriesId: 1 }).length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('paywall-done')).toBeInTheDocument();
    expect(hls.urls).toHaveLength(0);
    fireEvent.click(screen.getByTestId('paywall-continue'));
    await waitFor(() => expect(hls.urls).toContain('/stream/4/sig/index.m3u8'));
    expect(screen.queryByTestId('unlock-prompt')).toBeNull();
    expect(screen.getByTestId('details-share')).toBeInTheDocument();
    expect(window.location.hash).toContain('videoId=4');
  });

  it('pays through the card channel when the balance falls short, and comes back to the episode', async () => {
    signIn();
    const server = stubApi([
      ...routes(() => false, '10.00'),
      on(api.user.openvip).reply(
        ok({
          orderNo: 'R1',
          channel: 'gateway',
          status: 'pending',
          amount: '299.00',
          payCurrency: 'PHP',
          creditAmount: '299.00',
          currency: 'PHP',
          createdAt: '2026-11-27T09:00:00.000Z',
          expiresAt: null,
          creditedAt: null,
          payUrl: '/sandbox/pay/R1',
          official: null,
          usdt: null,
          reason: null,
          purpose: null,
        }),
      ),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    fireEvent.click(await screen.findByTestId('paywall-tier-primary'));
    await waitFor(() =>
      expect(screen.getByTestId('paywall-balance').textContent).toBe('Your balance: ₱10.00 (₱289.00 short)'),
    );
    const buy = screen.getByTestId('paywall-buy');
    await waitFor(() => expect(buy.textContent).toBe('Pay ₱299.00 with Card / e-wallet'));
    fireEvent.click(buy);
    await waitFor(() => expect(openPaymentPage).toHaveBeenCalledWith('/sandbox/pay/R1'));
    expect(server.callsTo(api.user.openvip)[0]!.json).toMatchObject({ tier: 'primary', channel: 'gateway' });
    expect(pendingReturn()).toBe('/pages/shorts/videoDetails?seriesId=1&videoId=4');
  });

  it('shows a refusal in the sheet', async () => {
    signIn();
    stubApi([
      ...routes(() => false, '120.00'),
      on(api.user.openvipByBalance).reply(refusal(409, 'Insufficient funds', 'InsufficientFunds')),
    ]);
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    const buy = await screen.findByTestId('paywall-buy');
    await waitFor(() => expect(buy.getAttribute('data-method')).toBe('balance'));
    fireEvent.click(buy);
    expect((await screen.findByTestId('paywall-error')).textContent).toContain('Insufficient funds');
  });

  it('tells a guest the prices and that signing up gives a free 72-hour trial', async () => {
    stubApi([
      on(api.config.tenantConfig).reply(ok(tenantConfigAnswer)),
      on(api.video.videos, { seriesId: 1 }).reply(ok(locked)),
      on(api.user.starCardTiers).reply(ok({ currency: 'PHP', tiers })),
    ]);
    act(() => useSession.getState().setTenantFallback());
    renderAt('#/pages/shorts/videoDetails?seriesId=1&videoId=4');
    await waitFor(() => expect(screen.getByTestId('paywall-price-primary').textContent).toBe('₱299.00'));
    fireEvent.click(screen.getByTestId('unlock-signup'));
    expect(useLoginPanel.getState()).toMatchObject({ visible: true, view: 'register' });
    expect(screen.getByTestId('unlock-signup').textContent).toBe('Sign up for a free 72-hour trial');
  });
});

describe('paywall in the Shorts feed', () => {
  /** A feed of one series: a free episode 1 and a paid episode 4 (open once `bought`). */
  function feedRoutes(bought: () => boolean) {
    return [
      on(api.video.videosPage).reply(() =>
        ok({
          list: [
            { series: series(1), episode: episode(1, 1) },
            { series: series(1), episode: episode(4, 4, { locked: !bought() }) },
          ],
          total: 2,
        }),
      ),
      on(api.video.play, { videoId: 1 }).reply(
        ok({
          videoId: 1,
          playlistUrl: '/stream/1/sig/index.m3u8',
          expiresAt: '2030-01-01T00:00:00.000Z',
          subtitles: [],
        }),
      ),
    ];
  }

  it('shows the same sheet on a paid item, buys in one tap and resumes that item on "Continue watching"', async () => {
    sessionStorage.setItem('dramastar.shortsIndex', '1');
    signIn();
    let bought = false;
    const server = stubApi([
      ...routes(() => bought, '120.00'),
      ...feedRoutes(() => bought),
      on(api.user.openvipByBalance).reply(() => {
        bought = true;
        return ok({
          card: { tier: 'week', startsAt: '2026-11-27T09:00:00.000Z', endsAt: '2026-12-04T09:00:00.000Z' },
          action: 'buy',
          paid: '49.00',
          credit: '0.00',
          balance: '71.00',
        });
      }),
    ]);
    renderAt('#/pages/shorts/index');
    const active = () =>
      document.querySelector<HTMLElement>('[data-testid="shorts-item"][data-active="true"]');
    const prompt = await screen.findByTestId('unlock-prompt');
    expect(prompt.getAttribute('data-number')).toBe('4');
    expect(active()?.dataset.videoId).toBe('4');
    // Prices, the balance and the one-tap buy, as on the episode page.
    await waitFor(() => expect(screen.getByTestId('paywall-price-week').textContent).toBe('₱49.00'));
    expect(screen.getByTestId('paywall-price-primary').textContent).toBe('₱299.00');
    await waitFor(() =>
      expect(screen.getByTestId('paywall-balance').textContent).toBe('Your balance: ₱120.00'),
    );
    const buy = screen.getByTestId('paywall-buy');
    await waitFor(() => expect(buy.textContent).toBe('Pay ₱49.00 from balance'));
    expect(server.callsTo(api.video.play, { videoId: 4 })).toHaveLength(0);

    fireEvent.click(buy);
    const done = await screen.findByTestId('paywall-done');
    expect(done.textContent).toContain('Drama Week Card is active');
    expect(done.textContent).toContain('₱71.00');
    // The feed reloads unlocked behind the sheet; nothing plays until the viewer continues.
    await waitFor(() => expect(server.callsTo(api.video.videosPage).length).toBeGreaterThan(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByTestId('paywall-done')).toBeInTheDocument();
    expect(server.callsTo(api.video.play, { videoId: 4 })).toHaveLength(0);
    expect(showToast).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('paywall-continue'));
    // The same item plays: its stream is asked for, the sheet is gone, the feed has not moved.
    await waitFor(() => expect(server.callsTo(api.video.play, { videoId: 4 })).toHaveLength(1));
    await waitFor(() => expect(hls.urls).toContain('/stream/4/sig/index.m3u8'));
    expect(screen.queryByTestId('unlock-prompt')).toBeNull();
    expect(active()?.dataset.videoId).toBe('4');
  });
});
