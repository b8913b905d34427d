/** Leaves the app for the payment page of a card/e-wallet gateway (it returns to the result view). */
export function openPaymentPage(payUrl: string): void {
  window.location.assign(payUrl);
}
