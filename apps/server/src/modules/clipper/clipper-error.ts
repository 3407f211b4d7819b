/** A clipper failure for the caller: the SPEC's clipper API answers { detail }. */
export class ClipperError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}
