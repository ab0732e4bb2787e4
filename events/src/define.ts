import { z } from 'zod';

export interface EventDefinition<Type extends string = string, Schema extends z.ZodType = z.ZodType> {
  type: Type;
  schema: Schema;
}

export const defineEvent = <Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
): EventDefinition<Type, Schema> => ({ type, schema });

/** `{ type, data }` of one event definition, or a union over an array of definitions. */
export type EventOf<D> = D extends EventDefinition<infer T, infer S> ? { type: T; data: z.infer<S> } : never;
export type EventsOf<Ds extends readonly EventDefinition[]> = EventOf<Ds[number]>;
