import { randomBytes, randomInt } from 'node:crypto';
import { type FakeAnswer, startFakeServer } from './fake-http.js';
import {
  querydrRequestData,
  querydrResponseData,
  VNPAY_API_PATH,
  VNPAY_PAY_PATH,
  vnpayDate,
  vnpayHmac,
  vnpaySignData,
  vnpayVerify,
} from './vnpay.js';

/**
 * A local stand-in for VNPay, for tests (these machines cannot reach VNPay): it checks a payment
 * URL as VNPay does (version, command, terminal, VND, amount × 100, dates, checksum) when the payer
 * "opens" it, plays the payer (`pay`, `decline`) and answers with the IPN query VNPay would send to
 * the terminal's IPN URL, signed with the hash secret; `POST /merchant_webapi/api/transaction`
 * answers `querydr` with VNPay's codes (97 bad checksum, 91 not found, 94 repeated request id) and
 * its signed answer.
 */
export interface FakeVnpayPayment {
  txnRef: string;
  /** vnp_Amount: VND × 100. */
  amount: string;
  orderInfo: string;
  returnUrl: string;
  createDate: string;
  expireDate: string;
  status: 'pending' | 'paid' | 'failed';
  transactionNo?: string;
  payDate?: string;
  responseCode?: string;
}

const fail = (status: number, RspCode: string, Message: string): FakeAnswer => ({
  status,
  body: { RspCode, Message },
});

export async function startVnpayFake(options: { tmnCode: string; hashSecret: string; now: () => Date }) {
  const payments = new Map<string, FakeVnpayPayment>();
  const requestIds = new Set<string>();
  const queries: Record<string, unknown>[] = [];
  /** Tests: answer querydr with a checksum that does not match. */
  const faults = { badQueryChecksum: false };

  /** VNPay's checks of a payment URL's query; the payment, or why VNPay's page refuses it. */
  function open(params: Record<string, string>): FakeVnpayPayment | string {
    if (!vnpayVerify(options.hashSecret, params)) return 'Invalid signature';
    if (params.vnp_Version !== '2.1.0' || params.vnp_Command !== 'pay') return 'Invalid version or command';
    if (params.vnp_TmnCode !== options.tmnCode) return 'Unknown terminal';
    if (params.vnp_CurrCode !== 'VND') return 'Currency not supported';
    if (!/^\d{1,12}$/.test(params.vnp_Amount ?? '') || !params.vnp_Amount?.endsWith('00'))
      return 'Invalid amount';
    for (const k of [
      'vnp_TxnRef',
      'vnp_OrderInfo',
      'vnp_ReturnUrl',
      'vnp_IpAddr',
      'vnp_Locale',
      'vnp_OrderType',
    ])
      if (!params[k]) return `Missing ${k}`;
    if (!/^\d{14}$/.test(params.vnp_CreateDate ?? '') || !/^\d{14}$/.test(params.vnp_ExpireDate ?? ''))
      return 'Invalid dates';
    if ((params.vnp_ExpireDate ?? '') < vnpayDate(options.now())) return 'Payment expired';
    const txnRef = params.vnp_TxnRef ?? '';
    const known = payments.get(txnRef);
    if (known) return known.createDate === params.vnp_CreateDate ? known : 'Duplicate vnp_TxnRef';
    const payment: FakeVnpayPayment = {
      txnRef,
      amount: params.vnp_Amount,
      orderInfo: params.vnp_OrderInfo ?? '',
      returnUrl: params.vnp_ReturnUrl ?? '',
      createDate: params.vnp_CreateDate ?? '',
      expireDate: params.vnp_ExpireDate ?? '',
      status: 'pending',
    };
    payments.set(txnRef, payment);
    return payment;
  }

  function answerQuery(body: Record<string, string>): FakeAnswer {
    queries.push(body);
    const signed = (fields: Record<string, string>) => {
      const answer: Record<string, string> = {
        vnp_ResponseId: randomBytes(8).toString('hex'),
        vnp_Command: 'querydr',
        vnp_TmnCode: options.tmnCode,
        ...fields,
      };
      const hash = vnpayHmac(options.hashSecret, querydrResponseData(answer));
      answer.vnp_SecureHash = faults.badQueryChecksum
        ? hash.replace(/^./, hash.startsWith('0') ? '1' : '0')
        : hash;
      return { status: 200, body: answer };
    };
    if (vnpayHmac(options.hashSecret, querydrRequestData(body)) !== body.vnp_SecureHash)
      return signed({ vnp_ResponseCode: '97', vnp_Message: 'Invalid Checksum' });
    if (body.vnp_TmnCode !== options.tmnCode)
      return signed({ vnp_ResponseCode: '02', vnp_Message: 'Merchant is not valid' });
    if (requestIds.has(body.vnp_RequestId ?? ''))
      return signed({ vnp_ResponseCode: '94', vnp_Message: 'Duplicate request' });
    requestIds.add(body.vnp_RequestId ?? '');
    const payment = payments.get(body.vnp_TxnRef ?? '');
    if (!payment || payment.createDate !== body.vnp_TransactionDate)
      return signed({ vnp_ResponseCode: '91', vnp_Message: 'Transaction not found' });
    return signed({
      vnp_ResponseCode: '00',
      vnp_Message: 'QueryDR Success',
      vnp_TxnRef: payment.txnRef,
      vnp_Amount: payment.amount,
      vnp_OrderInfo: payment.orderInfo,
      vnp_BankCode: 'NCB',
      vnp_PayDate: payment.payDate ?? '',
      vnp_TransactionNo: payment.transactionNo ?? '0',
      vnp_TransactionType: '01',
      vnp_TransactionStatus: payment.status === 'paid' ? '00' : payment.status === 'pending' ? '01' : '02',
      vnp_PromotionCode: '',
      vnp_PromotionAmount: '',
    });
  }

  const server = await startFakeServer((req) => {
    if (req.method === 'GET' && req.path === VNPAY_PAY_PATH) {
      const opened = open(Object.fromEntries(req.query));
      return typeof opened === 'string'
        ? fail(400, '97', opened)
        : { status: 200, body: { page: 'VNPay payment page', txnRef: opened.txnRef, amount: opened.amount } };
    }
    if (req.method === 'POST' && req.path === VNPAY_API_PATH) {
      let body: Record<string, string>;
      try {
        body = JSON.parse(req.body) as Record<string, string>;
      } catch {
        return fail(400, '03', 'Invalid data format');
      }
      if (body.vnp_Command === 'querydr') return answerQuery(body);
      return fail(400, '03', 'Unsupported command');
    }
    return fail(404, '99', 'route not found');
  });

  /** The IPN query VNPay sends for a payment in its current state, signed (or with `secret`). */
  function ipn(payment: FakeVnpayPayment, secret = options.hashSecret) {
    const params: Record<string, string> = {
      vnp_Amount: payment.amount,
      vnp_BankCode: 'NCB',
      vnp_BankTranNo: `VNP${payment.transactionNo ?? '0'}`,
      vnp_CardType: 'ATM',
      vnp_OrderInfo: payment.orderInfo,
      vnp_PayDate: payment.payDate ?? vnpayDate(options.now()),
      vnp_ResponseCode: payment.responseCode ?? '00',
      vnp_TmnCode: options.tmnCode,
      vnp_TransactionNo: payment.transactionNo ?? '0',
      vnp_TransactionStatus: payment.status === 'paid' ? '00' : '02',
      vnp_TxnRef: payment.txnRef,
    };
    params.vnp_SecureHash = vnpayHmac(secret, vnpaySignData(params));
    return { query: params, queryString: new URLSearchParams(params).toString() };
  }

  function settle(txnRef: string, paid: boolean) {
    const payment = payments.get(txnRef);
    if (!payment) throw new Error(`no VNPay payment ${txnRef} (was its URL opened?)`);
    payment.status = paid ? 'paid' : 'failed';
    payment.transactionNo = String(randomInt(10_000_000, 99_999_999));
    payment.payDate = vnpayDate(options.now());
    // 24: the customer cancelled the payment.
    payment.responseCode = paid ? '00' : '24';
    return ipn(payment);
  }

  return {
    url: server.url,
    payments,
    queries,
    faults,
    /** The payer opens a payment URL (as the browser would): the payment, or VNPay's refusal. */
    open: (payUrl: string) => open(Object.fromEntries(new URL(payUrl).searchParams)),
    ipn,
    /** The payer pays: the IPN VNPay sends (to deliver, or not). */
    pay: (txnRef: string) => settle(txnRef, true),
    /** The payer cancels on VNPay's page. */
    decline: (txnRef: string) => settle(txnRef, false),
    close: () => server.close(),
  };
}

export type VnpayFake = Awaited<ReturnType<typeof startVnpayFake>>;
