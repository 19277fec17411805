// Share channels (docs/decisions.md, "Share channels"): which network a share link was passed on
// through. A share button's link carries its channel as `?ch=`; a click and the signup that follows
// it record it. The set is bounded: any other tag counts as `other`, an untagged link as none.
// Pure: the pages, the e-mail templates and the stats read the same list.

/** The channels a share button or the QR code tags its link with. */
export const TAGGED_CHANNELS = ['x', 'facebook', 'linkedin', 'whatsapp', 'telegram', 'reddit', 'email', 'sms', 'copy', 'qr'] as const;
/** Every channel a click or a signup is counted under, in the order the stats list them. */
export const SHARE_CHANNELS = [...TAGGED_CHANNELS, 'other'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** The query parameter of a share link that names its channel. */
export const CHANNEL_PARAMETER = 'ch';

const KNOWN = new Set<string>(TAGGED_CHANNELS);

/** The channel a link's `ch` names: null when it has none, `other` for any tag not in the list. */
export function shareChannelOf(tag: unknown): ShareChannel | null {
  if (tag === undefined || tag === null) return null;
  const name = String(tag).trim().toLowerCase();
  return KNOWN.has(name) ? (name as ShareChannel) : 'other';
}

/** The share link tagged with its channel (`?ch=`, or `&ch=` after a beta's own `?r=`). */
export function channelLink(shareLink: string, channel: ShareChannel): string {
  const url = new URL(shareLink);
  url.searchParams.set(CHANNEL_PARAMETER, channel);
  return url.toString();
}

/** A network's share button: its label and where it sends the tagged link with a message. */
interface ShareTarget {
  channel: ShareChannel;
  label: string;
  url(link: string, message: string): string;
}

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

/** The share buttons, in the order pages show them; `copy` and `qr` are the copy button and the code. */
export const SHARE_TARGETS: readonly ShareTarget[] = [
  // Mail and SMS apps read a space as a space only percent-encoded.
  { channel: 'email', label: 'E-mail', url: (link, message) => `mailto:?${query({ subject: message, body: `${message}: ${link}` }).replace(/\+/g, '%20')}` },
  { channel: 'sms', label: 'Text message', url: (link, message) => `sms:?&${query({ body: `${message}: ${link}` }).replace(/\+/g, '%20')}` },
  { channel: 'x', label: 'X', url: (link, message) => `https://x.com/intent/tweet?${query({ text: message, url: link })}` },
  { channel: 'linkedin', label: 'LinkedIn', url: (link) => `https://www.linkedin.com/sharing/share-offsite/?${query({ url: link })}` },
  { channel: 'facebook', label: 'Facebook', url: (link) => `https://www.facebook.com/sharer/sharer.php?${query({ u: link })}` },
  { channel: 'whatsapp', label: 'WhatsApp', url: (link, message) => `https://wa.me/?${query({ text: `${message}: ${link}` })}` },
  { channel: 'telegram', label: 'Telegram', url: (link, message) => `https://t.me/share/url?${query({ url: link, text: message })}` },
  { channel: 'reddit', label: 'Reddit', url: (link, message) => `https://www.reddit.com/submit?${query({ url: link, title: message })}` },
];

/** A share button: its channel, label and the network's URL for the share link tagged with the channel. */
export interface ShareButton {
  channel: ShareChannel;
  label: string;
  url: string;
}

/**
 * `channelLink` for one share link and many channels, the link parsed once: a status page tags it
 * for every button. The same links as `channelLink`'s (the channel's name needs no escaping).
 */
function channelTagger(shareLink: string): (channel: ShareChannel) => string {
  const url = new URL(shareLink);
  if (url.hash || url.searchParams.has(CHANNEL_PARAMETER)) return (channel) => channelLink(shareLink, channel);
  // Serialized as setting a parameter serializes the query (a form's encoding), without the tag.
  url.searchParams.delete(CHANNEL_PARAMETER);
  const untagged = url.toString();
  const separator = url.search ? '&' : '?';
  return (channel) => `${untagged}${separator}${CHANNEL_PARAMETER}=${channel}`;
}

/** Every share button for a share link; `message` is the text a network pre-fills. */
export function shareButtons(shareLink: string, message: string): ShareButton[] {
  const tagged = channelTagger(shareLink);
  return SHARE_TARGETS.map(({ channel, label, url }) => ({ channel, label, url: url(tagged(channel), message) }));
}

/** The default text of a share. */
export function defaultShareMessage(betaName: string): string {
  return `Join me on the ${betaName} waitlist`;
}
