import { describe, expect, it } from 'vitest';
import { DEFAULT_LIMITS, limitsFromEnv } from './throttle';

describe('throttle limits from the environment', () => {
  it('keeps the defaults and takes THROTTLE_<NAME>=<points>/<seconds> overrides', () => {
    expect(limitsFromEnv({})).toEqual(DEFAULT_LIMITS);
    const limits = limitsFromEnv({
      THROTTLE_FORGOT_PASSWORD: '5/60',
      THROTTLE_SIGN_IN_ADDRESS: ' 10 / 900 ',
      THROTTLE_ADMIN_SIGN_IN_ACCOUNT: '',
    });
    expect(limits.forgotPassword).toEqual({ points: 5, seconds: 60 });
    expect(limits.signInAddress).toEqual({ points: 10, seconds: 900 });
    expect(limits.adminSignInAccount).toEqual(DEFAULT_LIMITS.adminSignInAccount);
  });

  it('refuses a value that is not <points>/<seconds> with both at least 1', () => {
    for (const bad of ['5', '0/60', '5/0', 'five/60', '-1/60', '5/60/1']) {
      expect(() => limitsFromEnv({ THROTTLE_UPLOADS: bad }), bad).toThrow(
        /THROTTLE_UPLOADS must look like <points>\/<seconds>/,
      );
    }
  });
});
