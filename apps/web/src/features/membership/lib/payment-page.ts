/** Leaves the app for the card gateway's payment page (it returns to the recharge result view). */
export function openPaymentPage(payUrl: string): void {
  window.location.assign(payUrl);
}
