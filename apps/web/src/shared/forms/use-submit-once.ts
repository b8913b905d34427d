import { useRef, useState, type FormEvent } from 'react';

/** A submit that runs once at a time: a second tap while it is under way does nothing. */
export function useSubmitOnce(run: () => Promise<void>) {
  const busy = useRef(false);
  const [loading, setLoading] = useState(false);
  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    try {
      await run();
    } finally {
      busy.current = false;
      setLoading(false);
    }
  };
  return { loading, submit };
}
