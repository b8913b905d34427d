import { randomBytes } from 'node:crypto';
import { basicUser, type FakeAnswer, startFakeServer } from './fake-http.js';

/**
 * A local stand-in for Xendit's Invoice API, for tests (these machines cannot reach Xendit):
 * `POST /v2/invoices` and `GET /v2/invoices/{id}` with HTTP Basic on the secret key and Xendit's
 * error shape (`error_code`, `message`), IDR amounts in whole rupiah, and `pay()` / `expire()`,
 * which play the payer and the clock: the invoice callback body Xendit posts, with the account's
 * verification token in `x-callback-token`.
 */
export interface FakeInvoice {
  id: string;
  external_id: string;
  user_id: string;
  status: 'PENDING' | 'PAID' | 'SETTLED' | 'EXPIRED';
  merchant_name: string;
  amount: number;
  paid_amount?: number;
  currency: string;
  description: string;
  invoice_url: string;
  success_redirect_url: string;
  payment_methods: string[];
  created: string;
  updated: string;
}

const error = (status: number, error_code: string, message: string): FakeAnswer => ({
  status,
  body: { error_code, message },
});

export async function startXenditFake(options: {
  secretKey: string;
  callbackToken: string;
  now: () => Date;
}) {
  const invoices = new Map<string, FakeInvoice>();
  const requests: Record<string, unknown>[] = [];

  const server = await startFakeServer((req) => {
    if (basicUser(req.headers.authorization) !== options.secretKey)
      return error(401, 'INVALID_API_KEY', 'API key is not authorized for this API service');
    if (req.method === 'POST' && req.path === '/v2/invoices') {
      const body = JSON.parse(req.body) as Record<string, unknown>;
      requests.push(body);
      const currency = typeof body.currency === 'string' ? body.currency : 'IDR';
      const amount = body.amount;
      if (typeof body.external_id !== 'string' || !body.external_id)
        return error(400, 'API_VALIDATION_ERROR', '"external_id" is required');
      if (typeof amount !== 'number' || amount <= 0)
        return error(400, 'API_VALIDATION_ERROR', '"amount" must be a positive number');
      if (currency !== 'IDR' && currency !== 'PHP')
        return error(400, 'UNSUPPORTED_CURRENCY', `${currency} is not supported`);
      const now = options.now().toISOString();
      const id = randomBytes(12).toString('hex');
      const invoice: FakeInvoice = {
        id,
        external_id: body.external_id,
        user_id: '5f9a3fbd571a1c4068aa40ce',
        status: 'PENDING',
        merchant_name: 'DramaStar Test',
        // Xendit truncates IDR decimals.
        amount: currency === 'IDR' ? Math.trunc(amount) : amount,
        currency,
        description: typeof body.description === 'string' ? body.description : '',
        invoice_url: `${server.url}/web/${id}`,
        success_redirect_url: typeof body.success_redirect_url === 'string' ? body.success_redirect_url : '',
        payment_methods: Array.isArray(body.payment_methods)
          ? (body.payment_methods as string[])
          : ['BCA', 'OVO'],
        created: now,
        updated: now,
      };
      invoices.set(id, invoice);
      return { status: 200, body: invoice };
    }
    const match = /^\/v2\/invoices\/([\w-]+)$/.exec(req.path);
    if (req.method === 'GET' && match?.[1]) {
      const invoice = invoices.get(match[1]);
      return invoice
        ? { status: 200, body: invoice }
        : error(404, 'INVOICE_NOT_FOUND_ERROR', 'Invoice not found');
    }
    return error(404, 'NOT_FOUND', 'route not found');
  });

  /** The callback Xendit posts for an invoice in its current state. */
  function callback(invoice: FakeInvoice, token = options.callbackToken) {
    const body = JSON.stringify({
      id: invoice.id,
      external_id: invoice.external_id,
      user_id: invoice.user_id,
      is_high: false,
      payment_method: 'EWALLET',
      status: invoice.status,
      merchant_name: invoice.merchant_name,
      amount: invoice.amount,
      ...(invoice.paid_amount !== undefined ? { paid_amount: invoice.paid_amount } : {}),
      payer_email: 'payer@example.com',
      description: invoice.description,
      ...(invoice.status === 'PAID' ? { paid_at: invoice.updated, payment_channel: 'OVO' } : {}),
      created: invoice.created,
      updated: invoice.updated,
      currency: invoice.currency,
    });
    return { body, headers: { 'x-callback-token': token } };
  }

  return {
    url: server.url,
    invoices,
    requests,
    callback,
    /** The payer pays the invoice: its callback, to deliver (or not). */
    pay(invoiceId: string) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.status = 'PAID';
      invoice.paid_amount = invoice.amount;
      invoice.updated = options.now().toISOString();
      return callback(invoice);
    },
    expire(invoiceId: string) {
      const invoice = invoices.get(invoiceId);
      if (!invoice) throw new Error(`no invoice ${invoiceId}`);
      invoice.status = 'EXPIRED';
      invoice.updated = options.now().toISOString();
      return callback(invoice);
    },
    close: () => server.close(),
  };
}

export type XenditFake = Awaited<ReturnType<typeof startXenditFake>>;
