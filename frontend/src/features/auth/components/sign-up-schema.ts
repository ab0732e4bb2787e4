import { z } from 'zod';
import { signUpRequest } from '@panda/contracts/accounts';

/** The contract's sign-up rules, plus the terms box the form alone has. */
export const signUpForm = signUpRequest.and(
  z.object({ terms: z.literal(true, { error: 'Please accept the Terms & Conditions' }) }),
);
