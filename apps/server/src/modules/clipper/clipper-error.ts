/** A clipper failure for the caller, answered as { detail, error } with its own status and text. */
export class ClipperError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
