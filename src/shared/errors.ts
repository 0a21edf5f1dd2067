import type { AppErrorShape, ErrorCode } from './contract';

/** An error meant for the GM: a code the UI can branch on and a sentence a person can read. */
export class AppError extends Error implements AppErrorShape {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string) {
    super(message);
    this.name = 'AppError';
    this.code = code;
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}
