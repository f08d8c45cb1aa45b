// The problems of a refused request, one by one: what every API's 400 carries beside its sentence when a schema (or
// the catalogue's rules) refused the body or query, so a client marks the fields without reading the sentence.
import { z } from 'zod';

/**
 * One thing a 400 refused, as zod named it: where (the path of the value, list indexes as numbers: ['content',
 * 'price'], [] for the request as a whole) and what is wrong with it.
 */
export const apiProblemSchema = z.strictObject({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export const apiProblemsSchema = z.array(apiProblemSchema).optional();

export type ApiProblem = z.infer<typeof apiProblemSchema>;
