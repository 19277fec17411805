// The built-in templates: what every beta sends until it writes its own (PUT email_templates).
// They are Liquid sources like any stored template, so GET shows them as a starting point for
// editing. The HTML is a single centred card of tables with inline styles: what mail clients
// (Outlook and Gmail included) render reliably, without external CSS or images.
import { SHARE_TARGETS } from '../referrals/share-channels.ts';
import type { Occasion } from './occasions.ts';

export interface TemplateParts {
  subject: string;
  /** Plain text body. */
  body: string;
  /** HTML body; '' sends the text alone. */
  html_body: string;
}

export interface DefaultTemplate extends TemplateParts {
  enabled: boolean;
}

const FONT = "font-family:-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;";
const GREETING = '{% if tester.profile.first_name %}Hi {{ tester.profile.first_name }},{% else %}Hi,{% endif %}';
const SIGNED_UP = 'You receive this e-mail because you signed up for {{ beta.name }}.';
const FRIEND_INVITED = 'You receive this e-mail because {{ sender.email }} invited you to {{ beta.name }}.';

/** A paragraph's Liquid, or a block written out whole (one shown only when a variable is set). */
type Block = string | { raw: string };

/** One HTML part of a message: paragraphs (Liquid) and at most one button. */
interface HtmlContent {
  paragraphs: Block[];
  button?: { label: string; url: string };
  /** Shown under the button: the share link, the code… */
  after?: string[];
  footer: string;
}

function paragraph(block: Block): string {
  return typeof block === 'string' ? `<p style="margin:0 0 16px 0;">${block}</p>` : block.raw;
}

function button(label: string, url: string): string {
  return [
    '<table role="presentation" cellpadding="0" cellspacing="0" border="0" style="margin:8px 0 24px 0;"><tr>',
    `<td style="border-radius:6px;background-color:#2563eb;"><a href="${url}" style="display:inline-block;padding:12px 24px;${FONT}font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${label}</a></td>`,
    '</tr></table>',
  ].join('\n');
}

function html(content: HtmlContent): string {
  const main = [
    ...content.paragraphs.map(paragraph),
    ...(content.button ? [button(content.button.label, content.button.url)] : []),
    ...(content.after ?? []).map(paragraph),
  ].join('\n');
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{ beta.name }}</title>
</head>
<body style="margin:0;padding:0;background-color:#f4f5f7;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="background-color:#f4f5f7;">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;background-color:#ffffff;border:1px solid #e5e7eb;border-radius:8px;">
<tr><td style="padding:28px 32px 4px 32px;${FONT}font-size:20px;line-height:28px;font-weight:bold;color:#111827;">{{ beta.name }}</td></tr>
<tr><td style="padding:12px 32px 12px 32px;${FONT}font-size:16px;line-height:24px;color:#374151;">
${main}
</td></tr>
</table>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:560px;">
<tr><td style="padding:16px 32px;${FONT}font-size:12px;line-height:18px;color:#6b7280;text-align:center;">
${content.footer}<br>
<a href="{{ unsubscribe_url }}" style="color:#6b7280;text-decoration:underline;">Unsubscribe</a>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
}

function text(lines: string[], footer: string): string {
  return `${lines.join('\n')}\n\n--\n${footer}\nUnsubscribe: {{ unsubscribe_url }}\n`;
}

// Share links in a message are tagged with their channel (docs/email.md): the link
// itself as `email` (a forwarded message), each network's button as its own.
const EMAIL_LINK = '{{ tester.share_link | share_channel: "email" }}';
const SHARE_ON = `Share on ${SHARE_TARGETS.map(({ channel, label }) => `<a href="{{ tester.share_link | share_on: "${channel}" }}" style="color:#2563eb;">${label}</a>`).join(' · ')}`;
const SHARE_TEXT = `Know someone who would like it too? Share your link: ${EMAIL_LINK}`;
const SHARE_HTML = [`Know someone who would like it too? Share your link: <a href="${EMAIL_LINK}" style="color:#2563eb;">${EMAIL_LINK}</a>`, SHARE_ON];
const CODE_HTML = 'Your invitation code: <strong style="font-family:Menlo,Consolas,monospace;font-size:18px;color:#111827;">{{ tester.invitation_code }}</strong>';
const SENDER_NAME = '{% if sender.profile.first_name %}{{ sender.profile.first_name }}{% if sender.profile.last_name %} {{ sender.profile.last_name }}{% endif %}{% else %}{{ sender.email }}{% endif %}';

export const defaultTemplates: Readonly<Record<Occasion, DefaultTemplate>> = {
  // A public signup with an address already on the list: the page answers as for anyone, and the
  // address's owner alone learns of it, with the way back to their standing.
  already_signed_up: {
    enabled: true,
    subject: "You're already on the {{ beta.name }} waitlist",
    body: text(
      [
        GREETING,
        '',
        "Someone, probably you, just signed up for {{ beta.name }} with this address: you're on the waitlist already, nothing changed.",
        '',
        'Your standing and your share link: {{ tester.share_status_link }}',
        '',
        "If it wasn't you, you can ignore this e-mail.",
      ],
      SIGNED_UP,
    ),
    html_body: html({
      paragraphs: [
        GREETING,
        "Someone, probably you, just signed up for {{ beta.name }} with this address: you're on the waitlist already, nothing changed.",
      ],
      button: { label: 'See your standing', url: '{{ tester.share_status_link }}' },
      after: ["If it wasn't you, you can ignore this e-mail."],
      footer: SIGNED_UP,
    }),
  },
  invitation: {
    enabled: true,
    subject: "You're invited to {{ beta.name }}",
    body: text(
      [
        GREETING,
        '',
        "Good news: you're invited to {{ beta.name }}.",
        '',
        'Your invitation code: {{ tester.invitation_code }}',
        '',
        'Get started: {{ beta.homepage_url }}',
        '',
        SHARE_TEXT,
      ],
      SIGNED_UP,
    ),
    html_body: html({
      paragraphs: [GREETING, "Good news: you're invited to {{ beta.name }}.", CODE_HTML],
      button: { label: 'Get started', url: '{{ beta.homepage_url }}' },
      after: SHARE_HTML,
      footer: SIGNED_UP,
    }),
  },
  friend_invitation: {
    enabled: true,
    subject: `${SENDER_NAME} invited you to {{ beta.name }}`,
    body: text(
      [
        'Hi,',
        '',
        `${SENDER_NAME} ({{ sender.email }}) invited you to {{ beta.name }}.`,
        '{% if message %}',
        'Their message:',
        '',
        '{{ message }}',
        '{% endif %}',
        'Your invitation code: {{ tester.invitation_code }}',
        '',
        'Get started: {{ beta.homepage_url }}',
      ],
      FRIEND_INVITED,
    ),
    html_body: html({
      paragraphs: [
        'Hi,',
        `${SENDER_NAME} ({{ sender.email }}) invited you to {{ beta.name }}.`,
        {
          // Escaped first, then line breaks kept: `raw` only spares the <br> tags from escaping.
          raw: '{% if message %}<p style="margin:0 0 16px 0;padding:12px 16px;background-color:#f9fafb;border-left:4px solid #2563eb;">{{ message | escape | newline_to_br | raw }}</p>{% endif %}',
        },
        CODE_HTML,
      ],
      button: { label: 'Get started', url: '{{ beta.homepage_url }}' },
      footer: FRIEND_INVITED,
    }),
  },
  confirmation: {
    enabled: true,
    subject: 'Please confirm your e-mail address for {{ beta.name }}',
    body: text(
      [
        GREETING,
        '',
        'Please confirm your e-mail address to join {{ beta.name }}:',
        '',
        '{{ confirmation_url }}',
        '',
        'The link is valid for 7 days. If you did not sign up, ignore this e-mail and nothing happens.',
      ],
      SIGNED_UP,
    ),
    html_body: html({
      paragraphs: [GREETING, 'Please confirm your e-mail address to join {{ beta.name }}.'],
      button: { label: 'Confirm my address', url: '{{ confirmation_url }}' },
      after: ['The link is valid for 7 days. If you did not sign up, ignore this e-mail and nothing happens.'],
      footer: SIGNED_UP,
    }),
  },
  applied: {
    enabled: false,
    subject: "You're on the {{ beta.name }} waitlist",
    body: text(
      [
        GREETING,
        '',
        "Thanks for signing up: you're on the {{ beta.name }} waitlist.",
        '{% if tester.waitlist_position %}',
        "You're number {{ tester.waitlist_position }} of {{ tester.waitlist_length }}.",
        '{% endif %}',
        'Move up: every friend who joins through your link moves you ahead.',
        '',
        EMAIL_LINK,
      ],
      SIGNED_UP,
    ),
    html_body: html({
      paragraphs: [
        GREETING,
        "Thanks for signing up: you're on the {{ beta.name }} waitlist.",
        "{% if tester.waitlist_position %}You're number <strong>{{ tester.waitlist_position }}</strong> of {{ tester.waitlist_length }}. {% endif %}Move up: every friend who joins through your link moves you ahead.",
      ],
      button: { label: 'Share your link', url: EMAIL_LINK },
      after: [`<a href="${EMAIL_LINK}" style="color:#2563eb;">${EMAIL_LINK}</a>`, SHARE_ON],
      footer: SIGNED_UP,
    }),
  },
  active: {
    enabled: false,
    subject: 'Welcome to {{ beta.name }}',
    body: text([GREETING, '', 'Your access to {{ beta.name }} is active. Welcome!', '', '{{ beta.homepage_url }}', '', SHARE_TEXT], SIGNED_UP),
    html_body: html({
      paragraphs: [GREETING, 'Your access to {{ beta.name }} is active. Welcome!'],
      button: { label: 'Open {{ beta.name }}', url: '{{ beta.homepage_url }}' },
      after: SHARE_HTML,
      footer: SIGNED_UP,
    }),
  },
  rejected: {
    enabled: false,
    subject: 'About your {{ beta.name }} application',
    body: text(
      [GREETING, '', 'Thank you for your interest in {{ beta.name }}. We are not able to offer you a place at this time.', '', 'We appreciate you signing up.'],
      SIGNED_UP,
    ),
    html_body: html({
      paragraphs: [
        GREETING,
        'Thank you for your interest in {{ beta.name }}. We are not able to offer you a place at this time.',
        'We appreciate you signing up.',
      ],
      footer: SIGNED_UP,
    }),
  },
  suspended: {
    enabled: false,
    subject: 'Your {{ beta.name }} access is suspended',
    body: text([GREETING, '', 'Your access to {{ beta.name }} has been suspended. If you think this is a mistake, reply to this e-mail.'], SIGNED_UP),
    html_body: html({
      paragraphs: [GREETING, 'Your access to {{ beta.name }} has been suspended. If you think this is a mistake, reply to this e-mail.'],
      footer: SIGNED_UP,
    }),
  },
  unsuspended: {
    enabled: false,
    subject: 'Your {{ beta.name }} access is restored',
    body: text([GREETING, '', 'Good news: your access to {{ beta.name }} is restored.', '', '{{ beta.homepage_url }}'], SIGNED_UP),
    html_body: html({
      paragraphs: [GREETING, 'Good news: your access to {{ beta.name }} is restored.'],
      button: { label: 'Open {{ beta.name }}', url: '{{ beta.homepage_url }}' },
      footer: SIGNED_UP,
    }),
  },
  position_changed: {
    enabled: false,
    subject: 'You moved up on the {{ beta.name }} waitlist',
    body: text(
      [GREETING, '', 'You moved up the {{ beta.name }} waitlist: from number {{ position_before }} to number {{ position_after }}.', '', SHARE_TEXT],
      SIGNED_UP,
    ),
    html_body: html({
      paragraphs: [GREETING, 'You moved up the {{ beta.name }} waitlist: from number {{ position_before }} to number {{ position_after }}.'],
      button: { label: 'See where you stand', url: '{{ tester.share_status_link }}' },
      after: [SHARE_TEXT],
      footer: SIGNED_UP,
    }),
  },
};
