// Exporting a beta's testers (all, or those a list filter matches) as CSV or NDJSON, for the API and
// the command line alike. The testers are read in pages by id (keyset, never an offset) and each
// page becomes one chunk of text when the consumer asks for it: a consumer that writes each chunk
// before asking for the next (a stream pipe, which waits for the socket to drain) holds one page
// in memory whatever the beta's size, and one that stops asking stops the reading.
import type { Beta } from '../betas/betas.service.ts';
import { listQuestions } from '../questions/questions.service.ts';
import { csvLayout, ndjsonLine, type ExportedTester, type ExportFormat } from './export-format.ts';
import { filterTesters, type TesterFilters } from './tester-filters.ts';
import type { TestersRepository } from './testers.repository.ts';

/** Testers read per page: few enough that a page's ids fit one query of responses and standings. */
export const EXPORT_PAGE_SIZE = 500;

export interface BetaExport {
  betaId: number;
  /** The export's text: the CSV header first, then one chunk per page of testers. */
  chunks: AsyncIterable<string>;
}

/**
 * The export of the beta's visible testers matching `filters`, in id order. Everything that can
 * refuse the request (the beta, the filters) is settled before this returns, so that a refusal is
 * an answer rather than a broken download. Each tester is as it stood when its page was read: a
 * tester who joins while the export runs is in it if its id comes after the page being read.
 */
export async function exportTesters(repo: TestersRepository, beta: Beta, filters: TesterFilters, format: ExportFormat): Promise<BetaExport> {
  const { query } = await filterTesters(repo, beta, filters);
  const layout = format === 'csv' ? csvLayout((await listQuestions(repo.db, beta.id)).map((question) => question.id)) : null;
  const write = layout ? layout.record : ndjsonLine;
  async function* chunks(): AsyncGenerator<string> {
    if (layout) yield layout.header;
    let after = 0;
    for (;;) {
      const rows = await query.selectAll().where('id', '>', after).orderBy('id').limit(EXPORT_PAGE_SIZE).execute();
      if (rows.length === 0) return;
      const views = await repo.views(repo.db, beta, rows, { responses: 'read' });
      yield views.map((view, index) => write({ ...view, responses: view.responses ?? [], points: rows[index].points } satisfies ExportedTester)).join('');
      if (rows.length < EXPORT_PAGE_SIZE) return;
      after = rows[rows.length - 1].id;
    }
  }
  return { betaId: beta.id, chunks: chunks() };
}
