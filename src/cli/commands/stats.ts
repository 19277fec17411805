// prelaunch stats: one look at the figures /metrics follows, read from the database — the largest
// betas, the outbox backlog, webhook deliveries of the last hour, e-mails by status — as tables,
// or as JSON with --json.
import type { Command } from 'commander';
import type { Stats } from '../../modules/stats/stats.service.ts';
import type { CliContext } from '../context.ts';
import { parseIdArgument } from '../options.ts';

/** Columns padded to their widest cell, two spaces apart; `none` when there is no row. */
function table(headers: string[], rows: (string | number)[][], none: string): string {
  if (rows.length === 0) return `  ${none}`;
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => row[column].length)));
  return cells.map((row) => `  ${row.map((cell, column) => cell.padEnd(widths[column])).join('  ').trimEnd()}`).join('\n');
}

export function formatStats(stats: Stats): string {
  const { succeeded, failed } = stats.webhook_deliveries_last_hour;
  const emails = Object.entries(stats.emails_by_status);
  return [
    `Prelaunch figures at ${stats.generated_at}`,
    '',
    'Largest betas',
    table(
      ['beta', 'company', 'name', 'testers', 'applied'],
      stats.largest_betas.map((b) => [b.beta_id, b.company_id, b.name, b.testers, b.applied]),
      'no beta yet',
    ),
    '',
    'Outbox jobs',
    table(
      ['kind', 'due', 'scheduled', 'parked', 'oldest due'],
      stats.outbox.map((o) => [o.kind, o.due, o.scheduled, o.parked, o.oldest_due_at ? `${o.oldest_due_at} (${o.oldest_due_seconds} s ago)` : '-']),
      'none waiting',
    ),
    '',
    `Webhook deliveries in the last hour: ${succeeded} succeeded, ${failed} failed`,
    `E-mails: ${emails.length === 0 ? 'none' : emails.map(([status, count]) => `${count} ${status}`).join(', ')}`,
    '',
  ].join('\n');
}

export function registerStatsCommand(program: Command, context: CliContext): void {
  program
    .command('stats')
    .description('print the service\'s figures from the database: largest betas, outbox backlog, recent deliveries, e-mails')
    .option('--betas <n>', 'how many of the largest betas to list', parseIdArgument, 10)
    .option('--json', 'print JSON instead of tables')
    .action(async ({ betas, json }: { betas: number; json?: boolean }) => {
      const { services } = await context.open();
      const stats = await services.stats.collect(betas);
      if (json) context.print(stats);
      else context.write(formatStats(stats));
    });
}
