/**
 * After a refused submit, focuses the first field in error, which also scrolls it into view (on a
 * phone it is often below the fold). Runs after React has marked the fields (`aria-invalid`).
 */
export function focusFirstError(form: HTMLFormElement | null): void {
  setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
