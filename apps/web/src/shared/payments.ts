/**
 * Leaving the app to pay a card / e-wallet provider (recharges and Star Cards bought through the
 * card channel), and the providers' names as their own brands write them.
 */

/** Payment providers and their methods as their own brands write them (not translated). */
const PROVIDER_NAMES: Record<string, string> = {
  paymongo: 'PayMongo',
  xendit: 'Xendit',
  vnpay: 'VNPay',
  jazzcash: 'JazzCash',
  sandbox: 'Sandbox',
};
const METHOD_NAMES: Record<string, string> = {
  card: 'Card',
  gcash: 'GCash',
  paymaya: 'Maya',
  grab_pay: 'GrabPay',
  qrph: 'QR Ph',
  CREDIT_CARD: 'Card',
  SHOPEEPAY: 'ShopeePay',
  LINKAJA: 'LinkAja',
  PAYMAYA: 'Maya',
  GCASH: 'GCash',
  GRABPAY: 'GrabPay',
};

export const providerName = (provider: string) => PROVIDER_NAMES[provider] ?? provider;

/** "PayMongo · Card, GCash, Maya" (the provider alone when it offers its own choice). */
export function providerLabel(p: { provider: string; methods: string[] }): string {
  const methods = p.methods.map((m) => METHOD_NAMES[m] ?? m).join(', ');
  return methods ? `${providerName(p.provider)} · ${methods}` : providerName(p.provider);
}

/** Leaves the app for the payment page of a card/e-wallet gateway (it returns to the result view). */
export function openPaymentPage(payUrl: string): void {
  window.location.assign(payUrl);
}

/** Leaves the app by POSTing the form a provider asks for (JazzCash's hosted checkout). */
export function submitPaymentForm(form: { action: string; fields: Record<string, string> }): void {
  const element = document.createElement('form');
  element.method = 'POST';
  element.action = form.action;
  for (const [name, value] of Object.entries(form.fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    element.appendChild(input);
  }
  document.body.appendChild(element);
  element.submit();
}
