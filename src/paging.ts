// Which slice of a list a caller asks for. The HTTP layer reads it from `page` and `per_page` and
// writes the page's facts into headers (http/pagination.ts); services only skip and take.

export interface PageRequest {
  /** 1-based. */
  page: number;
  perPage: number;
  offset: number;
}
