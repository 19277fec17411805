// The e-mail log (management extension): every message rendered — sent, captured, held back or
// failed — listed and shown to the beta's owner, and pruned after EMAIL_LOG_RETENTION_DAYS
// together with the confirmation links written with them (docs/decisions.md, "Log retention").
import { Errors } from '../../primitives/errors.ts';
import type { Db } from '../../db/executor.ts';
import { deleteOldest, pruneInBatches } from '../../db/pruning.ts';
import type { EmailMessageRow } from '../../db/tables/effects.ts';
import { parseId } from '../../primitives/ids.ts';
import { countUpTo, type PageRequest } from '../../primitives/paging.ts';
import { addSeconds, storedTime, type Clock } from '../../primitives/time.ts';
import type { BetasService } from '../betas/betas.service.ts';
import type { Occasion } from './occasions.ts';
import { MessageStatuses } from './emails.schemas.ts';
import type { MessageStatus } from './emails.service.ts';

/** How many of a beta's messages one outbox page looks through for an occasion or a status. */
export const OUTBOX_SCAN_WINDOW = 10_000;

/** Every status but queued: the message's job is over, so the retention sweep may delete it. */
const SETTLED_STATUSES: MessageStatus[] = MessageStatuses.filter((status) => status !== 'queued');

export interface MessageFilters {
  email?: string;
  occasion?: Occasion;
  status?: MessageStatus;
}

/** A message in lists: everything but the bodies. */
export type MessageSummary = Omit<EmailMessageRow, 'text_body' | 'html_body' | 'unsubscribe_token' | 'attempted_at' | 'problem'>;

const SUMMARY_COLUMNS = [
  'id', 'beta_id', 'tester_id', 'to_address', 'email_normalized', 'occasion', 'subject', 'status', 'error',
  'provider_message_id', 'created_at', 'sent_at', 'test',
] as const;

export class EmailLogService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly betas: BetasService,
    /** Days a message is kept after it was written; null = for ever. */
    private readonly retentionDays: number | null,
  ) {}

  async listMessages(
    companyId: number,
    betaId: string,
    filters: MessageFilters,
    page: PageRequest,
  ): Promise<{ items: MessageSummary[]; total: number; totalEstimated: boolean }> {
    const beta = await this.betas.require(companyId, betaId);
    let query = this.db.selectFrom('email_messages').where('beta_id', '=', beta.id);
    const email = filters.email?.trim().toLowerCase();
    if (email) query = query.where('email_normalized', '=', email);
    if (filters.occasion) query = query.where('occasion', '=', filters.occasion);
    if (filters.status) query = query.where('status', '=', filters.status);
    const [items, counted] = await Promise.all([
      query.select(SUMMARY_COLUMNS).orderBy('id').limit(page.perPage).offset(page.offset).execute(),
      countUpTo(this.db, query.select('id'), page),
    ]);
    return { items, ...counted };
  }

  /**
   * The outbox's page: the newest messages first, up to `limit` of them older than message
   * `before` (keyset: no offset, no count, so a page costs the same on the millionth message).
   * No index is added for it: one on email_messages would cost every signup. The recipient is
   * served by (beta_id, email_normalized, id); occasion and status, which no index of the beta
   * serves, are looked for among the next OUTBOX_SCAN_WINDOW messages down (beta_id, id) only, so a
   * rare one never walks the whole log (docs/decisions.md, "Owner console"): the page may
   * then hold fewer than `limit`, even none, with `older` still set. `older` is the cursor of the
   * next page, or null once nothing older is left to look at.
   */
  async browseMessages(
    companyId: number,
    betaId: string,
    filters: MessageFilters,
    page: { before?: number; limit: number },
  ): Promise<{ items: MessageSummary[]; older: number | null }> {
    const beta = await this.betas.require(companyId, betaId);
    let query = this.db.selectFrom('email_messages').where('beta_id', '=', beta.id);
    if (page.before !== undefined) query = query.where('id', '<', page.before);
    const email = filters.email?.trim().toLowerCase();
    // The window's last message, or undefined when the rest of the log fits in the window.
    const floor = !email && (filters.occasion || filters.status)
      ? (await query.select('id').orderBy('id', 'desc').limit(1).offset(OUTBOX_SCAN_WINDOW - 1).executeTakeFirst())?.id
      : undefined;
    if (floor !== undefined) query = query.where('id', '>=', floor);
    if (email) query = query.where('email_normalized', '=', email);
    if (filters.occasion) query = query.where('occasion', '=', filters.occasion);
    if (filters.status) query = query.where('status', '=', filters.status);
    const rows = await query.select(SUMMARY_COLUMNS).orderBy('id', 'desc').limit(page.limit + 1).execute();
    const items = rows.slice(0, page.limit);
    if (rows.length > page.limit) return { items, older: items[items.length - 1].id };
    return { items, older: floor ?? null };
  }

  async showMessage(companyId: number, betaId: string, messageIdText: string): Promise<EmailMessageRow> {
    const beta = await this.betas.require(companyId, betaId);
    const id = parseId(messageIdText);
    const message =
      id === null
        ? undefined
        : await this.db.selectFrom('email_messages').selectAll().where('id', '=', id).where('beta_id', '=', beta.id).executeTakeFirst();
    if (!message) throw Errors.notFound('E-mail message not found');
    return message;
  }

  /**
   * The retention sweep: deletes the messages written more than EMAIL_LOG_RETENTION_DAYS ago that
   * are settled (a queued one waits for its job), a batch at a time until done or `stop`; returns
   * how many went. Their unsubscribe links go with them (the page then asks for the link of a more
   * recent e-mail).
   */
  async pruneLog(stop?: AbortSignal): Promise<number> {
    const before = this.retentionCutoff();
    if (before === null) return 0;
    return pruneInBatches(
      () => deleteOldest(this.db, 'email_messages', (eb) => eb.and([eb('status', 'in', SETTLED_STATUSES), eb('created_at', '<', before)])),
      stop,
    );
  }

  /**
   * The confirmation links of the messages pruneLog deletes: a link is written with its e-mail, at
   * the same instant, and goes with it. So while the log (which the beta's owner reads, links
   * included) shows an e-mail, its link leads where it did — an expired link to the 410 page that
   * sends a new one, a confirmed tester's link to their standing — and afterwards it is an unknown
   * link, whose 404 page sends a new one by address. A link that could still confirm never goes:
   * the retention is at least 30 days, a link works 7. Returns how many went.
   */
  async pruneConfirmations(stop?: AbortSignal): Promise<number> {
    const before = this.retentionCutoff();
    if (before === null) return 0;
    const now = storedTime(this.clock.now());
    return pruneInBatches(
      () => deleteOldest(this.db, 'email_confirmations', (eb) => eb.and([eb('created_at', '<', before), eb('expires_at', '<=', now)])),
      stop,
    );
  }

  /** What was written before this is past EMAIL_LOG_RETENTION_DAYS; null when the log is kept for ever. */
  private retentionCutoff(): string | null {
    const days = this.retentionDays;
    return days === null ? null : storedTime(addSeconds(this.clock.now(), -days * 86_400));
  }
}
