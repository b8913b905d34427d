import { describe, expect, it } from 'vitest';
import { translate } from '../../shared/i18n';
import { auditFields, auditSentence } from './audit-sentence';

const enWords = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate('en', key, params);
const vnWords = (key: Parameters<typeof translate>[1], params?: Parameters<typeof translate>[2]) =>
  translate('vn', key, params);

const withdrawalRow = {
  id: '9',
  orderNo: 'W123',
  tenantId: '000000',
  currency: 'PHP',
  amount: '31500',
  fee: '500',
  status: 'applied',
  requestHash: 'abc',
  paidReference: null,
};

describe('audit entries as sentences', () => {
  it('a rejected withdrawal names the operator, the order, the amount in currency units and the reason', () => {
    const e = {
      operator: 'ana',
      action: 'withdrawal.reject',
      target: 'withdrawal:W123',
      before: withdrawalRow,
      after: { ...withdrawalRow, status: 'rejected' },
      reason: 'wrong account',
    };
    expect(auditSentence(e, enWords)).toBe('ana rejected withdrawal W123 of ₱315.00: wrong account');
    const fields = auditFields(e, enWords);
    expect(fields[0]).toEqual({
      key: 'status',
      label: 'Status',
      before: 'applied',
      after: 'rejected',
      changed: true,
    });
    expect(fields.find((f) => f.key === 'fee')).toMatchObject({
      label: 'Fee',
      before: '₱5.00',
      after: '₱5.00',
    });
    expect(fields.map((f) => f.key)).not.toContain('requestHash');
    expect(fields.map((f) => f.key)).not.toContain('id');
  });

  it('a confirmed recharge carries the reference typed at confirmation', () => {
    const row = {
      orderNo: 'R9',
      currency: 'PHP',
      payCurrency: 'PHP',
      amount: '50000',
      creditAmount: '50000',
      matchedReference: null,
      status: 'submitted',
    };
    const e = {
      operator: 'ben',
      action: 'recharge.confirm',
      target: 'recharge:R9',
      before: row,
      after: { ...row, status: 'credited', matchedReference: 'BDO-7781' },
      reason: null,
    };
    expect(auditSentence(e, enWords)).toBe('ben confirmed recharge R9 of ₱500.00 (reference BDO-7781)');
    expect(auditFields(e, enWords)).toContainEqual({
      key: 'matchedReference',
      label: 'Reference typed at confirmation',
      before: '—',
      after: 'BDO-7781',
      changed: true,
    });
  });

  it('a USDT recharge shows what was paid in USDT and what was credited in the tenant currency', () => {
    const row = {
      orderNo: 'R1',
      currency: 'PHP',
      payCurrency: 'USDT',
      amount: '10000000',
      creditAmount: '56000',
      status: 'submitted',
    };
    const e = {
      operator: 'ben',
      action: 'recharge.confirm',
      target: 'recharge:R1',
      before: row,
      after: { ...row, status: 'credited' },
      reason: null,
    };
    expect(auditSentence(e, enWords)).toBe('ben confirmed recharge R1 of 10.00 USDT');
    const fields = auditFields(e, enWords);
    expect(fields.find((f) => f.key === 'creditAmount')?.after).toBe('₱560.00');
    expect(fields.find((f) => f.key === 'amount')?.after).toBe('10.00 USDT');
  });

  it('marked paid with the bank reference from the reason', () => {
    const e = {
      operator: 'ana',
      action: 'withdrawal.pay',
      target: 'withdrawal:W5',
      before: withdrawalRow,
      after: withdrawalRow,
      reason: 'reference: BANK-42',
    };
    expect(auditSentence(e, enWords)).toBe('ana marked paid withdrawal W5 of ₱315.00 (reference BANK-42)');
  });

  it('sign-ins and failed sign-ins read with their method, address and reason', () => {
    expect(
      auditSentence(
        {
          operator: 'ana',
          action: 'operator.sign_in',
          target: 'operator:ana',
          before: null,
          after: { method: 'recovery code', ip: '10.0.0.1', recoveryCodesLeft: 9 },
          reason: null,
        },
        enWords,
      ),
    ).toBe('ana signed in with recovery code from 10.0.0.1 (9 recovery codes left)');
    expect(
      auditSentence(
        {
          operator: 'ana',
          action: 'operator.sign_in_failed',
          target: 'operator:ana',
          before: null,
          after: { ip: '10.0.0.1' },
          reason: 'wrong authenticator code',
        },
        enWords,
      ),
    ).toBe('ana failed to sign in from 10.0.0.1: wrong authenticator code');
    expect(
      auditSentence(
        {
          operator: 'unknown',
          action: 'operator.sign_in_failed',
          target: 'operator:unknown',
          before: null,
          after: { ip: '10.0.0.2' },
          reason: 'unknown user name',
        },
        enWords,
      ),
    ).toBe('Someone failed to sign in from 10.0.0.2: unknown user name');
  });

  it('a role change, a settings change and an action the console does not know yet', () => {
    expect(
      auditSentence(
        {
          operator: 'admin',
          action: 'operator.update',
          target: 'operator:ben',
          before: { role: 'finance', tenantIds: ['000000'] },
          after: { role: 'tenant_admin', tenantIds: ['000000', '000001'] },
          reason: null,
        },
        enWords,
      ),
    ).toBe('admin changed the role and tenants of operator ben: finance → tenant admin in 000000, 000001');
    expect(
      auditSentence(
        {
          operator: 'admin',
          action: 'config.withdrawal.update',
          target: 'tenant:000000',
          before: {},
          after: {},
          reason: null,
        },
        enWords,
      ),
    ).toBe('admin changed the withdrawal settings of tenant 000000');
    expect(
      auditSentence(
        {
          operator: 'admin',
          action: 'refund.goodwill_credit',
          target: 'user:42',
          before: null,
          after: null,
          reason: 'late payout',
        },
        enWords,
      ),
    ).toBe('admin did “refund goodwill credit” on user 42: late payout');
  });

  it('reads in the operator’s language, with its word order and labels', () => {
    const e = {
      operator: 'ana',
      action: 'withdrawal.pay',
      target: 'withdrawal:W5',
      before: withdrawalRow,
      after: { ...withdrawalRow, status: 'paid', paidReference: 'BANK-42' },
      reason: null,
    };
    expect(auditSentence(e, vnWords)).toBe(
      'ana đã đánh dấu đã trả lệnh rút tiền W5 số tiền ₱315.00 (mã tham chiếu BANK-42)',
    );
    expect(auditSentence(e, (key, params) => translate('id', key, params))).toBe(
      'ana menandai lunas penarikan W5 sebesar ₱315.00 (referensi BANK-42)',
    );
    expect(auditFields(e, vnWords).find((f) => f.key === 'paidReference')?.label).toBe(
      'Mã giao dịch chuyển khoản của ngân hàng',
    );
    expect(
      auditSentence(
        {
          operator: 'ben',
          action: 'operator.sign_in',
          target: 'operator:ben',
          before: null,
          after: { method: 'password and authenticator code', ip: '10.0.0.1' },
          reason: null,
        },
        vnWords,
      ),
    ).toBe('ben đã đăng nhập bằng mật khẩu và mã xác thực từ 10.0.0.1');
    expect(
      auditSentence(
        {
          operator: 'ben',
          action: 'operator.sign_in_failed',
          target: 'operator:ben',
          before: null,
          after: { ip: '10.0.0.1' },
          reason: 'wrong authenticator code',
        },
        vnWords,
      ),
    ).toBe('ben đăng nhập thất bại từ 10.0.0.1: sai mã xác thực');
  });
});
