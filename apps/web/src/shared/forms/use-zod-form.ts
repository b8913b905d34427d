import { isMessageKey, type MessageKey } from '@dramastar/contract';
import { useCallback, useMemo, useState, type ChangeEvent } from 'react';
import type { z } from 'zod';
import { isApiError } from '../api/api-error';
import { useT } from '../i18n';

type Values<K extends string> = Record<K, string>;

/** The first issue of each field, as a message key (the contract's issue messages are keys). */
export function fieldIssues(schema: z.ZodType, values: object): Partial<Record<string, MessageKey>> {
  const result = schema.safeParse(values);
  const issues: Partial<Record<string, MessageKey>> = {};
  if (result.success) return issues;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field !== 'string' || field in issues) continue;
    issues[field] = isMessageKey(issue.message) ? issue.message : 'ValidationFailed';
  }
  return issues;
}

export interface FieldProps {
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
  'aria-invalid': boolean;
}

export interface ZodForm<K extends string> {
  values: Values<K>;
  setValue: (field: K, value: string) => void;
  /** The translated error shown at a field: after it was left once (blur) or a submit was tried. */
  error: (field: K) => string | undefined;
  /** Value, change and blur handlers for an <input>. */
  field: (field: K) => FieldProps;
  touch: (field: K) => void;
  /** Marks every field as visited; true when the form is valid. */
  validate: () => boolean;
  /** True when the field alone is valid (e.g. the e-mail before sending a code). */
  isValid: (field: K) => boolean;
  issueOf: (field: K) => MessageKey | undefined;
  /** Shows a server refusal at its field (400 names it); answers whether it was placed. */
  showServerError: (error: unknown) => boolean;
  reset: (values?: Partial<Values<K>>) => void;
  /** Empties one field as if it was never visited (a new captcha): no error until it is left again. */
  clear: (field: K) => void;
}

/**
 * Form state validated with a contract schema (spec section 5): a field is checked when it is
 * left and, from then on, at every change; a submit checks all fields and proceeds only if all
 * pass. `extra` is merged into what is validated (tenantId, the chosen phone prefix, …).
 */
export function useZodForm<K extends string>(
  schema: z.ZodType,
  initial: Values<K>,
  extra: Record<string, unknown> = {},
): ZodForm<K> {
  const t = useT();
  const [values, setValues] = useState<Values<K>>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [serverErrors, setServerErrors] = useState<Partial<Record<string, string>>>({});
  const extraKey = JSON.stringify(extra);
  const issues = useMemo(
    () => fieldIssues(schema, { ...(JSON.parse(extraKey) as object), ...values }),
    [schema, values, extraKey],
  );

  const touch = useCallback((name: K) => {
    setTouched((previous) => (previous.has(name) ? previous : new Set(previous).add(name)));
  }, []);

  const setValue = useCallback((name: K, value: string) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setServerErrors((previous) =>
      previous[name] === undefined ? previous : { ...previous, [name]: undefined },
    );
  }, []);

  const error = (name: K): string | undefined => {
    const server = serverErrors[name];
    if (server) return server;
    const key = issues[name];
    return key && touched.has(name) ? t.message(key) : undefined;
  };

  return {
    values,
    setValue,
    error,
    field: (name: K) => ({
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => setValue(name, event.target.value),
      onBlur: () => touch(name),
      'aria-invalid': error(name) !== undefined,
    }),
    touch,
    validate: () => {
      setTouched(new Set([...Object.keys(values), ...Object.keys(issues)]));
      return Object.keys(issues).length === 0;
    },
    isValid: (name: K) => issues[name] === undefined,
    issueOf: (name: K) => issues[name],
    showServerError: (failure: unknown) => {
      if (!isApiError(failure) || failure.code !== 400 || !failure.body?.field) return false;
      const name = failure.body.field.replace(/^body\./, '');
      if (!(name in values)) return false;
      setServerErrors((previous) => ({ ...previous, [name]: failure.message }));
      return true;
    },
    reset: (next = {}) => {
      setValues({ ...initial, ...next });
      setTouched(new Set());
      setServerErrors({});
    },
    clear: (name: K) => {
      setValue(name, '');
      setTouched((previous) => {
        if (!previous.has(name)) return previous;
        const next = new Set(previous);
        next.delete(name);
        return next;
      });
    },
  };
}
