// Page-based lists (docs/decisions.md, "Pagination"): the body stays a bare array; the page's facts
// go in X-Pagination (JSON) and Link (RFC 8288) headers.
import type { FastifyReply, FastifyRequest } from 'fastify';
import Type from 'typebox';
import type { PageRequest } from '../primitives/paging.ts';

export const MAX_PER_PAGE = 100;
export const DEFAULT_PER_PAGE = 25;

// Text that is not decimal digits ("Infinity", "1e309", "0x10") is refused before it is read as a
// number (http/decimal-integers.ts): no page lies beyond every bound.
export const PaginationQuery = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1, description: '1-based page number' })),
  per_page: Type.Optional(
    Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE, description: 'Items per page (extension)' }),
  ),
};

export function pageOf(query: { page?: number; per_page?: number }): PageRequest {
  const page = query.page ?? 1;
  const perPage = query.per_page ?? DEFAULT_PER_PAGE;
  return { page, perPage, offset: (page - 1) * perPage };
}

export function sendPage<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  page: PageRequest,
  result: { items: T[]; total: number; totalEstimated?: boolean },
): T[] {
  const pages = Math.max(1, Math.ceil(result.total / page.perPage));
  const previous = page.page > 1 ? Math.min(page.page - 1, pages) : null;
  const next = page.page < pages ? page.page + 1 : null;
  reply.header(
    'X-Pagination',
    JSON.stringify({
      previous_page: previous,
      next_page: next,
      current_page: page.page,
      per_page: page.perPage,
      count: result.items.length,
      pages,
      total_count: result.total,
      // Only where a list estimates its total (a filter matching very many): then it says so.
      ...(result.totalEstimated ? { total_estimated: true } : {}),
    }),
  );
  const link = (target: number, rel: string) => {
    const url = new URL(request.url, 'http://placeholder');
    url.searchParams.set('page', String(target));
    url.searchParams.set('per_page', String(page.perPage));
    url.searchParams.delete('api_key'); // never echo a credential into a header
    return `<${url.pathname}${url.search}>; rel="${rel}"`;
  };
  const links = [link(1, 'first'), link(pages, 'last')];
  if (previous) links.push(link(previous, 'prev'));
  if (next) links.push(link(next, 'next'));
  reply.header('Link', links.join(', '));
  return result.items;
}
