/** A failure with a status and a message meant for the user; the error handler sends it as { error }. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
