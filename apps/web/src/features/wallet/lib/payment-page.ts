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
