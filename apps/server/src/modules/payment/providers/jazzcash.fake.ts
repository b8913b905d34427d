import { randomInt } from 'node:crypto';
import { type FakeAnswer, startFakeServer } from './fake-http.js';
import {
  JAZZCASH_INQUIRY_PATH,
  JAZZCASH_PAY_PATH,
  jazzcashSecureHash,
  jazzcashVerify,
  pktDate,
} from './jazzcash.js';

/**
 * A local stand-in for JazzCash, for tests (these machines cannot reach JazzCash): its merchant
 * form checks a Page Redirection v1.1 post as JazzCash does (version, merchant and password, PKR,
 * paisa, reference and description rules, dates, secure hash), `pay` / `decline` play the payer and
 * give the signed form JazzCash posts to pp_ReturnURL, and `PaymentInquiry/Inquire` answers with
 * JazzCash's codes (115 bad hash, 101 bad credentials, 109 unknown) and a signed answer.
 */
export interface FakeJazzcashPayment {
  fields: Record<string, string>;
  status: 'pending' | 'paid' | 'failed';
  responseCode?: string;
  retrievalRef?: string;
}

const refuse = (status: number, code: string, message: string): FakeAnswer => ({
  status,
  body: { pp_ResponseCode: code, pp_ResponseMessage: message },
});

export async function startJazzcashFake(options: {
  merchantId: string;
  password: string;
  integritySalt: string;
  now: () => Date;
}) {
  const payments = new Map<string, FakeJazzcashPayment>();
  const inquiries: Record<string, unknown>[] = [];
  /** Tests: answer inquiries with a hash that does not match. */
  const faults = { badInquiryHash: false };

  /** JazzCash's checks of a posted form: the payment, or why its page refuses it. */
  function open(fields: Record<string, string>): FakeJazzcashPayment | string {
    if (!jazzcashVerify(options.integritySalt, fields)) return '115 Invalid hash received.';
    if (fields.pp_MerchantID !== options.merchantId || fields.pp_Password !== options.password)
      return '101 Invalid merchant credentials.';
    if (fields.pp_Version !== '1.1') return '110 Invalid value for pp_Version';
    if (fields.pp_TxnCurrency !== 'PKR') return '110 Invalid value for pp_TxnCurrency';
    if (!/^[1-9]\d{0,17}$/.test(fields.pp_Amount ?? '')) return '110 Invalid value for pp_Amount';
    if (!/^[A-Za-z0-9]{1,20}$/.test(fields.pp_TxnRefNo ?? '')) return '110 Invalid value for pp_TxnRefNo';
    if (!/^[A-Za-z0-9]{1,20}$/.test(fields.pp_BillReference ?? ''))
      return '110 Invalid value for pp_BillReference';
    if (/[<>\\*=%/:'|"{}]/.test(fields.pp_Description ?? '') || !fields.pp_Description)
      return '110 Invalid value for pp_Description';
    if (fields.pp_TxnType && fields.pp_TxnType !== 'MWALLET' && fields.pp_TxnType !== 'MPAY')
      return '110 Invalid value for pp_TxnType';
    if (!/^https?:\/\//.test(fields.pp_ReturnURL ?? '')) return '110 Invalid value for pp_ReturnURL';
    if (!/^\d{14}$/.test(fields.pp_TxnDateTime ?? '')) return '110 Invalid value for pp_TxnDateTime';
    if (fields.pp_TxnExpiryDateTime && fields.pp_TxnExpiryDateTime < pktDate(options.now()))
      return '116 Transaction Expired';
    const known = payments.get(fields.pp_TxnRefNo ?? '');
    if (known) return known.status === 'pending' ? known : '422 Duplicate transaction';
    const payment: FakeJazzcashPayment = { fields: { ...fields }, status: 'pending' };
    payments.set(fields.pp_TxnRefNo ?? '', payment);
    return payment;
  }

  function signed(fields: Record<string, string>, salt = options.integritySalt): Record<string, string> {
    return { ...fields, pp_SecureHash: jazzcashSecureHash(salt, fields) };
  }

  function inquire(body: Record<string, string>): FakeAnswer {
    inquiries.push(body);
    if (!jazzcashVerify(options.integritySalt, body)) return refuse(200, '115', 'Invalid hash received.');
    if (body.pp_MerchantID !== options.merchantId || body.pp_Password !== options.password)
      return refuse(200, '101', 'Invalid merchant credentials.');
    const payment = payments.get(body.pp_TxnRefNo ?? '');
    if (!payment)
      return {
        status: 200,
        body: signed({ pp_ResponseCode: '109', pp_ResponseMessage: 'Transaction does not exist' }),
      };
    const answer = signed({
      pp_ResponseCode: '000',
      pp_ResponseMessage: 'Thank you for Using JazzCash, your transaction was successful.',
      pp_PaymentResponseCode:
        payment.status === 'paid' ? '121' : payment.status === 'pending' ? '157' : '112',
      pp_PaymentResponseMessage:
        payment.status === 'paid'
          ? 'Transaction has been marked confirmed by Merchant.'
          : payment.status === 'pending'
            ? 'Transaction is pending.'
            : 'Transaction Cancelled by User.',
      pp_Status:
        payment.status === 'paid' ? 'Completed' : payment.status === 'pending' ? 'Pending' : 'Failed',
      pp_AuthCode: payment.retrievalRef ? '123456' : '',
      pp_RetreivalReferenceNo: payment.retrievalRef ?? '',
      pp_SettlementExpiry: '',
    });
    if (faults.badInquiryHash) answer.pp_Status = answer.pp_Status === 'Failed' ? 'Completed' : 'Failed';
    return { status: 200, body: answer };
  }

  const server = await startFakeServer((req) => {
    if (req.method === 'POST' && req.path === JAZZCASH_PAY_PATH) {
      const opened = open(Object.fromEntries(new URLSearchParams(req.body)));
      if (typeof opened === 'string') return refuse(400, opened.slice(0, 3), opened.slice(4));
      return { status: 200, body: { page: 'JazzCash checkout', pp_TxnRefNo: opened.fields.pp_TxnRefNo } };
    }
    if (req.method === 'POST' && req.path === JAZZCASH_INQUIRY_PATH) {
      try {
        return inquire(JSON.parse(req.body) as Record<string, string>);
      } catch {
        return refuse(400, '110', 'Invalid request');
      }
    }
    return refuse(404, '199', 'route not found');
  });

  /** The form JazzCash posts to pp_ReturnURL for a payment in its current state (signed with `salt`). */
  function callback(payment: FakeJazzcashPayment, salt = options.integritySalt) {
    const f = payment.fields;
    const fields = signed(
      {
        pp_Amount: f.pp_Amount ?? '',
        pp_AuthCode: payment.status === 'paid' ? '123456' : '',
        pp_BankID: '',
        pp_BillReference: f.pp_BillReference ?? '',
        pp_Language: 'EN',
        pp_MerchantID: options.merchantId,
        pp_ResponseCode: payment.responseCode ?? '000',
        pp_ResponseMessage:
          payment.status === 'paid'
            ? 'Thank you for Using JazzCash, your transaction was successful.'
            : 'Transaction Cancelled by User.',
        pp_RetreivalReferenceNo: payment.retrievalRef ?? '',
        pp_SubMerchantId: '',
        pp_TxnCurrency: 'PKR',
        pp_TxnDateTime: f.pp_TxnDateTime ?? '',
        pp_TxnRefNo: f.pp_TxnRefNo ?? '',
        pp_TxnType: f.pp_TxnType ?? 'MWALLET',
        pp_Version: '1.1',
        ppmpf_1: f.ppmpf_1 ?? '',
        ppmpf_2: f.ppmpf_2 ?? '',
        ppmpf_3: f.ppmpf_3 ?? '',
        ppmpf_4: f.ppmpf_4 ?? '',
        ppmpf_5: f.ppmpf_5 ?? '',
      },
      salt,
    );
    return { fields, body: new URLSearchParams(fields).toString(), returnUrl: f.pp_ReturnURL ?? '' };
  }

  function settle(txnRef: string, paid: boolean) {
    const payment = payments.get(txnRef);
    if (!payment) throw new Error(`no JazzCash payment ${txnRef} (was its form posted?)`);
    payment.status = paid ? 'paid' : 'failed';
    payment.responseCode = paid ? '000' : '112';
    payment.retrievalRef = String(randomInt(100_000_000, 999_999_999));
    return callback(payment);
  }

  return {
    url: server.url,
    payments,
    inquiries,
    faults,
    /** The browser posts the payment's form (as JazzCash's page receives it). */
    open: (fields: Record<string, string>) => open(fields),
    callback,
    /** The payer pays: the signed result JazzCash posts to pp_ReturnURL (to deliver, or not). */
    pay: (txnRef: string) => settle(txnRef, true),
    /** The payer cancels on JazzCash's page (112). */
    decline: (txnRef: string) => settle(txnRef, false),
    close: () => server.close(),
  };
}

export type JazzcashFake = Awaited<ReturnType<typeof startJazzcashFake>>;
