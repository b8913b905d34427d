import { createHmac, randomBytes } from 'node:crypto';
import { basicUser, type FakeAnswer, startFakeServer } from './fake-http.js';

/**
 * A local stand-in for PayMongo's Checkout API, for tests (these machines cannot reach PayMongo):
 * `POST /v1/checkout_sessions` and `GET /v1/checkout_sessions/{id}` with HTTP Basic on the secret
 * key and PayMongo's JSON:API shapes and error list, and `pay()`, which plays the payer paying on
 * the checkout page: the session gets a paid payment and a `checkout_session.payment.paid` event
 * signed as PayMongo signs (`Paymongo-Signature: t=…,te=…,li=…`, HMAC-SHA256 of `t.body` with the
 * webhook's secret key, in `te` for test mode and `li` for live mode).
 */
export interface FakeSession {
  id: string;
  referenceNumber: string;
  amount: number;
  currency: string;
  methods: string[];
  successUrl: string;
  status: 'active' | 'expired';
  payment: { id: string; amount: number; currency: string; status: 'paid' } | null;
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const errorAnswer = (status: number, code: string, detail: string, attribute?: string): FakeAnswer => ({
  status,
  body: { errors: [{ code, detail, ...(attribute ? { source: { pointer: attribute, attribute } } : {}) }] },
});

export async function startPayMongoFake(options: {
  secretKey: string;
  webhookSecret: string;
  livemode?: boolean;
  /** Unix seconds of the signature (the app's clock in tests). */
  now: () => number;
}) {
  const sessions = new Map<string, FakeSession>();
  /** Every create request's body, for tests that check what was asked. */
  const requests: unknown[] = [];

  function resource(s: FakeSession) {
    return {
      id: s.id,
      type: 'checkout_session',
      attributes: {
        checkout_url: `${server.url}/checkout/${s.id}`,
        reference_number: s.referenceNumber,
        status: s.status,
        livemode: options.livemode ?? false,
        line_items: [{ amount: s.amount, currency: s.currency, name: 'Recharge', quantity: 1 }],
        payment_method_types: s.methods,
        success_url: s.successUrl,
        payments: s.payment
          ? [
              {
                id: s.payment.id,
                type: 'payment',
                attributes: {
                  amount: s.payment.amount,
                  currency: s.payment.currency,
                  status: s.payment.status,
                  livemode: options.livemode ?? false,
                },
              },
            ]
          : [],
      },
    };
  }

  const server = await startFakeServer((req) => {
    if (basicUser(req.headers.authorization) !== options.secretKey)
      return errorAnswer(401, 'api_key_invalid', 'API key is invalid');
    if (req.method === 'POST' && req.path === '/v1/checkout_sessions') {
      const body = JSON.parse(req.body) as {
        data?: {
          attributes?: {
            line_items?: { amount?: unknown; currency?: unknown; name?: unknown; quantity?: unknown }[];
            payment_method_types?: unknown;
            success_url?: unknown;
            reference_number?: unknown;
          };
        };
      };
      requests.push(body);
      const a = body.data?.attributes;
      const item = a?.line_items?.[0];
      if (!item || !Number.isInteger(item.amount) || (item.amount as number) <= 0)
        return errorAnswer(
          400,
          'parameter_invalid',
          'amount must be a positive integer',
          'line_items.amount',
        );
      if (item.currency !== 'PHP')
        return errorAnswer(400, 'parameter_invalid', 'currency is not supported', 'line_items.currency');
      if (!Array.isArray(a.payment_method_types) || a.payment_method_types.length === 0)
        return errorAnswer(
          400,
          'parameter_required',
          'payment_method_types is required',
          'payment_method_types',
        );
      if (typeof a.success_url !== 'string')
        return errorAnswer(400, 'parameter_required', 'success_url is required', 'success_url');
      const session: FakeSession = {
        id: id('cs'),
        referenceNumber: typeof a.reference_number === 'string' ? a.reference_number : '',
        amount: item.amount as number,
        currency: 'PHP',
        methods: a.payment_method_types as string[],
        successUrl: a.success_url,
        status: 'active',
        payment: null,
      };
      sessions.set(session.id, session);
      return { status: 200, body: { data: resource(session) } };
    }
    const match = /^\/v1\/checkout_sessions\/([\w-]+)$/.exec(req.path);
    if (req.method === 'GET' && match?.[1]) {
      const session = sessions.get(match[1]);
      if (!session) return errorAnswer(404, 'resource_not_found', 'No such checkout_session');
      return { status: 200, body: { data: resource(session) } };
    }
    return errorAnswer(404, 'route_not_found', 'No such route');
  });

  /** The header PayMongo sends with `body`, signed at `t` (or with another secret: a forgery). */
  function sign(body: string, t = options.now(), secret = options.webhookSecret) {
    const mac = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
    const live = options.livemode ?? false;
    return { 'paymongo-signature': `t=${t},te=${live ? '' : mac},li=${live ? mac : ''}` };
  }

  /** The event body of a session (its current state) of the given type. */
  function event(session: FakeSession, type = 'checkout_session.payment.paid') {
    return JSON.stringify({
      data: {
        id: id('evt'),
        type: 'event',
        attributes: {
          type,
          livemode: options.livemode ?? false,
          data: resource(session),
          previous_data: {},
          created_at: options.now(),
          updated_at: options.now(),
        },
      },
    });
  }

  return {
    url: server.url,
    sessions,
    requests,
    sign,
    event,
    /** The payer pays the session in full: its signed paid event, to deliver (or not). */
    pay(sessionId: string, paid?: { amount?: number; currency?: string }) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`no session ${sessionId}`);
      session.payment = {
        id: id('pay'),
        amount: paid?.amount ?? session.amount,
        currency: paid?.currency ?? session.currency,
        status: 'paid',
      };
      const body = event(session);
      return { body, headers: sign(body), paymentId: session.payment.id };
    },
    expire(sessionId: string) {
      const session = sessions.get(sessionId);
      if (session) session.status = 'expired';
    },
    close: () => server.close(),
  };
}

export type PayMongoFake = Awaited<ReturnType<typeof startPayMongoFake>>;
