// Posting a file to the import route and running its job, for the import tests.
import type { TestContext, TestResponse } from '../../support/context.ts';

export async function postFile(
  ctx: TestContext,
  betaId: number,
  file: string | Buffer,
  query = '',
  contentType = 'text/csv',
  headers: Record<string, string> = {},
): Promise<TestResponse> {
  const raw = await ctx.app.inject({
    method: 'POST',
    url: `/api/v2/betas/${betaId}/imports${query ? `?${query}` : ''}`,
    headers: { authorization: `Bearer ${ctx.apiKey}`, 'content-type': contentType, ...headers },
    payload: file,
  });
  return { status: raw.statusCode, body: raw.body ? JSON.parse(raw.body) : raw.body, headers: raw.headers, raw };
}

/** A multipart/form-data body with the file in the field `field`. */
export function multipart(file: string, field = 'file'): { body: string; contentType: string } {
  const boundary = '----prelaunch-test-boundary';
  const body =
    `--${boundary}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n` +
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="testers.csv"\r\nContent-Type: text/csv\r\n\r\n${file}\r\n` +
    `--${boundary}--\r\n`;
  return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Imports the file and runs its job to the end; the import as the API then shows it. */
export async function importFile(ctx: TestContext, betaId: number, file: string | Buffer, query = ''): Promise<any> {
  const created = await postFile(ctx, betaId, file, query);
  if (created.status !== 202) throw new Error(`import refused: ${JSON.stringify(created.body)}`);
  await ctx.runJobs();
  const shown = await ctx.request('GET', `/api/v2/betas/${betaId}/imports/${created.body.id}`);
  return shown.body;
}

export async function testersOf(ctx: TestContext, betaId: number) {
  return ctx.database.db.selectFrom('testers').selectAll().where('beta_id', '=', betaId).orderBy('id').execute();
}
