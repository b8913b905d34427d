import { useEffect, useId } from 'react';

/** Forms with edits not saved yet, by id: leaving the page while any is listed warns. */
const unsaved = new Set<string>();

export function hasUnsavedChanges(): boolean {
  return unsaved.size > 0;
}

/** Forgets every unsaved edit (the operator chose to leave without saving). */
export function discardUnsavedChanges(): void {
  unsaved.clear();
}

const onBeforeUnload = (event: BeforeUnloadEvent) => {
  if (unsaved.size === 0) return;
  event.preventDefault();
};

/**
 * Marks this form as holding unsaved edits while `dirty`: closing or reloading the tab asks the
 * browser's "leave site?" question, and the console's menu asks before navigating away.
 */
export function useUnsavedChanges(dirty: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!dirty) return;
    unsaved.add(id);
    if (unsaved.size === 1) window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      unsaved.delete(id);
      if (unsaved.size === 0) window.removeEventListener('beforeunload', onBeforeUnload);
    };
  }, [dirty, id]);
}
