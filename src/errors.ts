// ApiError carries one of the spec's numeric codes (section 7) or one of ours (docs/decisions.md).
// The HTTP status follows from the code, so a service only names what went wrong.

export interface ErrorEntry {
  code: number;
  message: string;
}

/** Codes outside the spec's series, for conditions the spec does not number (docs/decisions.md). */
export const Codes = {
  malformedBody: 1400,
  unauthorized: 1401,
  forbidden: 1403,
  notFound: 1404,
  bodyTooLarge: 1413,
  rateLimited: 1429,
  internal: 1500,
} as const;

/** The series' "General error" code, used for validation and unexpected failures in that series. */
export const GeneralCodes = {
  betas: 2201,
  testers: 2301,
  friendInvitations: 2501,
  rewards: 2601,
  suppressions: 2701,
  points: 2801,
} as const;

const statusByCode = new Map<number, number>([
  [Codes.malformedBody, 400],
  [Codes.unauthorized, 401],
  [Codes.forbidden, 403],
  [Codes.notFound, 404],
  [Codes.bodyTooLarge, 413],
  [Codes.rateLimited, 429],
  [Codes.internal, 500],
  [2317, 403], // plan limits: the tester exists but is hidden
]);

export function httpStatusFor(code: number): number {
  return statusByCode.get(code) ?? 422;
}

export class ApiError extends Error {
  readonly errors: ErrorEntry[];
  readonly statusCode: number;

  constructor(code: number, message: string, more: ErrorEntry[] = []) {
    super(message);
    this.name = 'ApiError';
    this.errors = [{ code, message }, ...more];
    this.statusCode = httpStatusFor(code);
  }

  get code(): number {
    return this.errors[0].code;
  }

  static notFound(what: string): ApiError {
    return new ApiError(Codes.notFound, `${what} not found`);
  }

  /** Several rule failures found at once: reported together, the first decides the status. */
  static many(entries: ErrorEntry[]): ApiError {
    const [first, ...rest] = entries;
    return new ApiError(first.code, first.message, rest);
  }
}
