import { useRef, useState } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage, fieldErrors, FIELDS_SUMMARY_MESSAGE } from '../../lib/errors';
import { toast } from '../../lib/toast';

/** A contract's request schema (or a form schema built on one with `.extend`/`.and`/`.refine`). */
export type FormSchema = z.ZodType<unknown, FieldValues>;

/**
 * The schema itself, or a loader that imports it when the form is first checked: a first screen
 * (sign-in) then loads zod only once the visitor submits (docs/rules.md#light-first-screens).
 */
export type SchemaSource<S extends FormSchema> = S | (() => Promise<S>);

/**
 * Checks a form's values with its contract schema. The zod resolver (and a lazy schema) load on the
 * first check, so no first screen carries them (docs/rules.md#light-first-screens).
 */
export function contractResolver<S extends FormSchema>(
  source: SchemaSource<S>,
): Resolver<z.input<S>, unknown, z.output<S>> {
  const schema = typeof source !== 'function' || 'parse' in source ? () => Promise.resolve(source as S) : source;
  let loaded: Promise<Resolver<z.input<S>, unknown, z.output<S>>> | null = null;
  return async (values, context, options) => {
    loaded ??= Promise.all([schema(), import('@hookform/resolvers/zod')]).then(
      ([s, { zodResolver }]) => zodResolver(s) as never,
    );
    return (await loaded)(values, context, options);
  };
}

export interface ContractFormOptions<S extends FormSchema> {
  /** Tag of this form's error toasts: a new submit (or a success) clears the earlier ones. */
  group: string;
  defaultValues: DefaultValues<z.input<S>>;
}

export type ContractFormReturn<S extends FormSchema> = UseFormReturn<z.input<S>, unknown, z.output<S>> & {
  /**
   * The form's onSubmit: checks the values with the schema, shows each problem under its field with
   * one toast (docs/rules.md#form-errors), else runs `send` once (a submit while one is in flight
   * does nothing). When `send` throws, the server's field messages go under their fields through
   * `setError`, anything else is one toast (`fallback` when the answer says nothing).
   */
  submitWith: (
    send: (values: z.output<S>) => Promise<unknown>,
    fallback: string,
  ) => (event?: React.BaseSyntheticEvent) => Promise<void>;
  /** True while a checked submit is being sent. */
  pending: boolean;
  /** Back to the default values with no message, and this form's error toasts gone (a cancel). */
  clear: () => void;
};

/**
 * The one toast of a refused form: the message itself when one field is wrong (or every wrong field
 * has the same message, e.g. 'Please enter both email and password'), else the summary.
 */
function toastFieldMessages(group: string, messages: string[]) {
  toast.dismissErrors(group);
  const distinct = [...new Set(messages)];
  if (distinct.length) toast.error(distinct.length === 1 ? distinct[0] : FIELDS_SUMMARY_MESSAGE, { group });
}

function messagesOf(errors: FieldErrors): string[] {
  const out: string[] = [];
  const walk = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string') out.push(message);
    else for (const child of Object.values(node)) walk(child);
  };
  walk(errors);
  return out;
}

/**
 * Puts a refused request's messages on the form: the server's `[{field, message}]` for fields of
 * this form go under them (the first one focused) with one toast; any other refusal is one toast.
 */
export function showServerErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V>, 'setError' | 'formState'>,
  error: unknown,
  fallback: string,
  group: string,
  fields: readonly string[],
) {
  const byField = fieldErrors(error);
  const known = fields.filter((f) => byField[f] !== undefined);
  known.forEach((f, i) =>
    form.setError(f as Path<V>, { type: 'server', message: byField[f] }, { shouldFocus: i === 0 }),
  );
  if (known.length)
    toastFieldMessages(
      group,
      known.map((f) => byField[f]),
    );
  else {
    toast.dismissErrors(group);
    toast.error(errorMessage(error, fallback), { group });
  }
}

/**
 * The names the server may give a refusal of this form: each top-level field and each field of a
 * nested object, dotted as the server names them (`mentor_signature.date`, `appliance.kind`).
 */
function fieldPaths(values: unknown, prefix = ''): string[] {
  if (!values || typeof values !== 'object' || Array.isArray(values)) return [];
  return Object.entries(values).flatMap(([key, value]) => [
    `${prefix}${key}`,
    ...fieldPaths(value, `${prefix}${key}.`),
  ]);
}

/**
 * A form checked by a contract's request schema (react-hook-form with the zod resolver), so the
 * browser and the server apply one rule and show the same message (docs/rules.md#forms-from-contracts).
 */
export function useContractForm<S extends FormSchema>(
  schema: SchemaSource<S>,
  { group, defaultValues }: ContractFormOptions<S>,
): ContractFormReturn<S> {
  const [resolver] = useState(() => contractResolver(schema));
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver, defaultValues });
  const inFlight = useRef(false);
  const fields = fieldPaths(defaultValues);

  const submitWith: ContractFormReturn<S>['submitWith'] = (send, fallback) => async (event) => {
    event?.preventDefault();
    // One request at a time: a second submit (Enter pressed twice, a double click) does nothing.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await form.handleSubmit(
        async (values) => {
          toast.dismissErrors(group);
          try {
            await send(values);
          } catch (err) {
            showServerErrors(form, err, fallback, group, fields);
          }
        },
        (errors) => toastFieldMessages(group, messagesOf(errors)),
      )(event);
    } finally {
      inFlight.current = false;
    }
  };

  const clear = () => {
    form.reset(defaultValues);
    toast.dismissErrors(group);
  };

  return { ...form, submitWith, clear, pending: form.formState.isSubmitting };
}
