/** A failure with a stable code, a status and French sentences for the envelope's `errors`. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    readonly statusCode: number,
    readonly errors: string[],
    readonly data: unknown = null,
  ) {
    super(errors[0] ?? code);
    this.name = 'AppError';
  }
}

/** `const notFound = createErrorFactory({ code: 'users.not_found', statusCode: 404, message: '…' })`. */
export function createErrorFactory(spec: { code: string; statusCode: number; message: string }) {
  return (message: string = spec.message, data: unknown = null) =>
    new AppError(spec.code, spec.statusCode, [message], data);
}

/** 422 with one message per field: `{ email: "L'email n'est pas valide." }`. */
export function fieldErrors(fields: Record<string, string>): AppError {
  return new AppError('validation', 422, Object.values(fields), { fields });
}
