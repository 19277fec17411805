// An event as a chat message, for endpoints whose format is slack or discord (docs/webhooks.md,
// "Slack and Discord"): the event's stored body (the standard one) read back and told in words, with
// a link to the console, then written in Slack's incoming-webhook shape (text and blocks) or
// Discord's execute-webhook shape (content and embeds). A pure function of the stored body, so every
// attempt sends the same message. A tester's address is never shown whole: chat channels are read by
// more people than the console is, and their history is kept elsewhere.
import { maskedEmail } from '../testers/masked-email.ts';

export type ChatFormat = 'slack' | 'discord';

/** What a message says, before it is written in a tool's shape. */
interface ChatMessage {
  /** One line that stands alone: the notification text. */
  summary: string;
  title: string;
  fields: { name: string; value: string }[];
  link: { url: string; label: string };
  /** API time of the event. */
  at: string;
}

export interface ChatContext {
  /** Where the console is: the configured PUBLIC_URL. */
  publicUrl: string;
  betaName: string;
}

interface StoredEvent {
  type: string;
  beta_id: number;
  created_at: string;
  data: Record<string, unknown>;
}

type Tester = { id?: number; email?: string; status?: string; profile?: Record<string, string | null>; referred_by?: string | null } & Record<string, unknown>;

/** The limits of the tools (Discord's are the tighter: 256 for a title, 1024 for a field). */
const TITLE_MAX = 256;
const FIELD_MAX = 1024;
/** Slack's limit on a section's text; Discord's on a message's content. */
const SECTION_MAX = 3000;
const CONTENT_MAX = 2000;

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

/** A tester as a chat message names them: their name when they gave one, and their address masked. */
function who(tester: Tester): string {
  const name = [tester.profile?.first_name, tester.profile?.last_name].filter((part) => part?.trim()).join(' ');
  const email = typeof tester.email === 'string' ? maskedEmail(tester.email) : `tester #${tester.id}`;
  return name ? `${name} (${email})` : email;
}

function fieldsOf(entries: [string, unknown][]): ChatMessage['fields'] {
  return entries.filter(([, value]) => value !== null && value !== undefined && value !== '').map(([name, value]) => ({ name, value: String(value) }));
}

function positionOf(tester: Tester): string | null {
  return typeof tester.waitlist_position === 'number' ? `#${tester.waitlist_position} of ${tester.waitlist_length}` : null;
}

/** A tester_position_changed event's move, e.g. "#812 → #640 (referral_credited)". */
function movedOf(data: { position_before?: unknown; position_after?: unknown; cause?: unknown }): string {
  const place = (position: unknown) => (typeof position === 'number' ? `#${position}` : 'off the waitlist');
  return `${place(data.position_before)} → ${place(data.position_after)} (${String(data.cause)})`;
}

const TESTER_TITLES: Record<string, string> = {
  tester_created: 'New signup',
  tester_updated: 'Tester updated',
  tester_deleted: 'Tester deleted',
  tester_position_changed: 'Position changed',
};
const REWARD_TITLES: Record<string, string> = {
  reward_earned: 'Reward earned',
  reward_delivered: 'Reward delivered',
  reward_revoked: 'Reward revoked',
};
const POINT_TITLES: Record<string, string> = { point_earned: 'points earned', point_revoked: 'points revoked' };

/** The console's pages an event links to. */
function consoleLinks(publicUrl: string, betaId: number) {
  const beta = `${publicUrl}/console/betas/${betaId}`;
  return {
    beta: { url: beta, label: 'Open the dashboard' },
    testers: { url: `${beta}/testers`, label: 'Open the testers' },
    tester: (id: unknown) => ({ url: `${beta}/testers/${id}`, label: 'Open the tester' }),
    webhook: (id: unknown) => ({ url: `${beta}/settings/webhooks/${id}`, label: 'Open the endpoint' }),
  };
}

/** The period of a digest in its zone's wall time, e.g. "28 Mar 2026, 09:00". */
function localTime(at: unknown, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(String(at)));
}

type Referrer = { id: number; masked_email: string; referrals: number };

function messageOf(event: StoredEvent, context: ChatContext): Omit<ChatMessage, 'summary' | 'at'> {
  const links = consoleLinks(context.publicUrl, event.beta_id);
  const data = event.data;
  if (event.type in TESTER_TITLES) {
    const tester = data as Tester;
    const fields = fieldsOf([
      ['Status', tester.status],
      ['Moved', event.type === 'tester_position_changed' ? movedOf(data) : null],
      ['Waitlist position', positionOf(tester)],
      ['Referrals', tester.share_signups_count],
      ['Referred by', typeof tester.referred_by === 'string' ? maskedEmail(tester.referred_by) : null],
    ]);
    const link = event.type === 'tester_deleted' ? links.testers : links.tester(tester.id);
    return { title: `${TESTER_TITLES[event.type]}: ${who(tester)}`, fields, link };
  }
  if (event.type in REWARD_TITLES) {
    const fields = fieldsOf([
      ['Tester', `#${data.user_id}`],
      ['Role', data.user_role],
      ['Type', data.type],
    ]);
    return { title: `${REWARD_TITLES[event.type]}: ${data.name}`, fields, link: links.tester(data.user_id) };
  }
  if (event.type in POINT_TITLES) {
    const fields = fieldsOf([
      ['Tester', `#${data.user_id}`],
      ['Activity', data.activity],
      ['Reason', data.reason],
    ]);
    return { title: `${data.quantity} ${POINT_TITLES[event.type]}`, fields, link: links.tester(data.user_id) };
  }
  if (event.type === 'webhook_test') {
    return { title: 'Test message: this endpoint receives the beta’s events', fields: [], link: links.webhook(data.webhook_id) };
  }
  if (event.type === 'daily_digest') {
    const zone = String(data.time_zone);
    const referrers = (data.top_referrers as Referrer[]).map(
      (referrer, i) => `${i + 1}. ${referrer.masked_email} (#${referrer.id}): ${referrer.referrals}`,
    );
    const fields = fieldsOf([
      ['Signups', data.signups],
      ['Referrals', data.referrals],
      ['Invitations', data.invitations],
      ['Failed deliveries', data.failed_deliveries],
      ['Top referrers', referrers.join('\n') || 'None today'],
    ]);
    return { title: `Daily digest: ${localTime(data.from, zone)} to ${localTime(data.to, zone)} (${zone})`, fields, link: links.beta };
  }
  return { title: `Event ${event.type}`, fields: [], link: links.beta };
}

/** Slack's mrkdwn gives &, < and > a meaning of their own: they are sent escaped. */
function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** Slack incoming webhook: `text` (the notification and fallback) and Block Kit `blocks`. */
function slackBody(message: ChatMessage): unknown {
  const lines = message.fields.map((field) => `*${slackEscape(field.name)}:* ${slackEscape(clip(field.value, FIELD_MAX))}`);
  return {
    text: clip(slackEscape(message.summary), SECTION_MAX),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: clip([`*${slackEscape(message.title)}*`, ...lines].join('\n'), SECTION_MAX) } },
      { type: 'context', elements: [{ type: 'mrkdwn', text: `<${message.link.url}|${message.link.label}>` }] },
    ],
  };
}

/** Discord's markdown characters in text of our users, shown as themselves. */
function discordEscape(text: string): string {
  return text.replace(/[\\*_~`|[\]]/g, (character) => `\\${character}`);
}

/** Discord execute webhook: `content` and one embed; mentions are never parsed (a name cannot ping @everyone). */
function discordBody(message: ChatMessage, betaName: string): unknown {
  return {
    content: clip(discordEscape(message.summary), CONTENT_MAX),
    embeds: [
      {
        title: clip(discordEscape(message.title), TITLE_MAX),
        url: message.link.url,
        description: `[${message.link.label}](${message.link.url})`,
        fields: message.fields.map((field) => ({ name: discordEscape(field.name), value: clip(discordEscape(field.value), FIELD_MAX), inline: !field.value.includes('\n') })),
        footer: { text: clip(betaName, TITLE_MAX) },
        timestamp: message.at,
      },
    ],
    allowed_mentions: { parse: [] },
  };
}

/** The body a slack or discord endpoint is sent for the event's stored (standard) body. */
export function chatBody(format: ChatFormat, payload: string, context: ChatContext): string {
  const event = JSON.parse(payload) as StoredEvent;
  const told = messageOf(event, context);
  const message: ChatMessage = { ...told, summary: `${context.betaName}: ${told.title}`, at: event.created_at };
  return JSON.stringify(format === 'slack' ? slackBody(message) : discordBody(message, context.betaName));
}
