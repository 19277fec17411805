// Testers as the API shows them, read from the database: standing, referrer and answers fetched in
// batches for a page, or one tester read afresh inside a transaction (event bodies, e-mails).
import { compiledVariants } from '../../db/engine/compiled.ts';
import type { Db, Executor } from '../../db/executor.ts';
import type { TesterRow } from '../../db/tables/testers.ts';
import { readBeta, toBeta, type Beta } from '../betas/betas.service.ts';
import { responsesOf } from '../questions/questions.service.ts';
import type { SortColumn, Standings } from '../waitlist/standings.ts';
import { presentTester, shareLinkOf, type TesterView } from './testers.presenter.ts';

/** The addresses of `count` referrers: one for a tester's view, up to a page's for a list. */
const referrerEmails = compiledVariants((_count: number) => (db, ids: number[]) => db.selectFrom('testers').select(['id', 'email']).where('id', 'in', ids));

export interface ViewOptions {
  responses?: 'read' | 'none';
  referrers?: ReadonlyArray<Pick<TesterRow, 'id' | 'email'>>;
}

export class TesterViews {
  constructor(
    private readonly publicUrl: string,
    private readonly standings: Standings,
  ) {}

  /**
   * The testers' views, in the order of `rows`. Responses: read, or none (the caller knows the
   * testers have none); not shown when absent. `referrers`: those the caller has read already
   * (a signup's), whose addresses are not read again.
   */
  async of(executor: Executor, requested: Beta, rows: TesterRow[], options: ViewOptions = {}): Promise<TesterView[]> {
    if (rows.length === 0) return [];
    // The beta as this process knows it now, not as the request first read it: another process may
    // have changed its order meanwhile, and a command's commit has just learnt so from the feed.
    const beta = executor.isTransaction ? requested : ((await readBeta(executor as Db, requested.id)) ?? requested);
    const referrerEmail = new Map((options.referrers ?? []).map((r) => [r.id, r.email]));
    const referrerIds = [...new Set(rows.map((r) => r.referrer_id).filter((id): id is number => id !== null && !referrerEmail.has(id)))];
    const [standings, referrers, responses] = await Promise.all([
      this.standings.standingsOf(executor, beta, rows),
      referrerIds.length === 0
        ? Promise.resolve([])
        : referrerEmails(referrerIds.length).rows(executor, referrerIds),
      options.responses === 'read' ? responsesOf(executor, rows.map((r) => r.id)) : Promise.resolve(null),
    ]);
    for (const r of referrers) referrerEmail.set(r.id, r.email);
    return rows.map((row) =>
      presentTester(row, {
        publicUrl: this.publicUrl,
        settings: beta.settings,
        standing: standings.get(row.id)!,
        referredBy: row.referrer_id === null ? null : (referrerEmail.get(row.referrer_id) ?? null),
        responses: responses ? (responses.get(row.id) ?? []) : options.responses === 'none' ? [] : undefined,
      }),
    );
  }

  /** The share link of a referral code of the beta, as a tester's view has it. */
  shareLink(beta: Beta, referralCode: string): string {
    return shareLinkOf(referralCode, this.publicUrl, beta.settings.referral_url);
  }

  /** One page of the beta's waitlist in order, and its length (Standings.waitlistSlice). */
  waitlistSlice(beta: Beta, from: number, count: number, backwards: boolean): Promise<{ ids: number[]; length: number }> {
    return this.standings.waitlistSlice(beta, from, count, backwards);
  }

  /** One page of the beta's visible testers by `column` (Standings.sortedSlice): most first, or with `backwards` fewest first. */
  sortedSlice(beta: Beta, column: SortColumn, from: number, count: number, backwards: boolean): Promise<{ ids: number[]; length: number }> {
    return this.standings.sortedSlice(beta.id, column, from, count, backwards);
  }

  /** The testers' standings alone, without their views. */
  standingsOf(executor: Executor, beta: Beta, rows: Parameters<Standings['standingsOf']>[2]) {
    return this.standings.standingsOf(executor, beta, rows);
  }

  /**
   * A tester as "show tester" would answer now, read through `executor` (inside a transaction: with
   * that transaction's changes). Undefined when the tester is gone or hidden: the API shows no such tester.
   */
  async current(executor: Executor, testerId: number): Promise<TesterView | undefined> {
    const row = await executor.selectFrom('testers').selectAll().where('id', '=', testerId).executeTakeFirst();
    if (!row || row.hidden) return undefined;
    const beta = toBeta(await executor.selectFrom('betas').selectAll().where('id', '=', row.beta_id).executeTakeFirstOrThrow());
    return (await this.of(executor, beta, [row], { responses: 'read' }))[0];
  }
}
