/** An error whose message is safe to show the client as `detail`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly headers: Record<string, string> = {},
    /** Replaces the string `detail` where the contract says so (profanity). */
    public readonly detailObject?: Record<string, unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const notFound = (detail: string) => new HttpError(404, detail);
export const badRequest = (detail: string) => new HttpError(400, detail);
export const forbidden = (detail: string) => new HttpError(403, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
export const unprocessable = (detail: string) => new HttpError(422, detail);
