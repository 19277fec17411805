// Where webhooks may go (docs/decisions.md, "Webhooks": targets in private or loopback ranges are
// refused unless configured). A webhook makes this server send requests to an address a tenant
// chose, so without these rules any API key could probe the operator's own network (SSRF). Checked
// twice: the URL when an endpoint is saved (literal addresses and localhost names, for a clear
// 422), and every address a name resolves to when a delivery connects (a public name may point, or
// later be pointed, at a private address: DNS rebinding).
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export const MAX_URL_LENGTH = 2048;

/** The setting that lets webhooks reach non-public addresses; named in refusals so operators find it. */
const ALLOW_SETTING = 'WEBHOOK_ALLOW_PRIVATE_TARGETS=true';

// IPv6 addresses are assigned from 2000::/3 only; ipaddr.js calls everything outside its special
// ranges "unicast", including never-assigned space such as the IPv4-compatible ::a.b.c.d.
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

const RANGE_NAMES: Readonly<Record<string, string>> = {
  carrierGradeNat: 'carrier-grade NAT',
  linkLocal: 'link-local',
  uniqueLocal: 'unique local',
  deprecatedSiteLocal: 'site-local',
  rfc6052: 'NAT64',
  rfc6145: 'IPv4-translated',
  '6to4': '6to4',
  teredo: 'Teredo',
};

/**
 * The kind of a non-public IP address ("loopback", "private", "link-local", …), or null for a
 * public unicast one. IPv4-mapped IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it maps.
 * Only public unicast passes: tunnelling and translation prefixes (6to4, Teredo, NAT64) embed IPv4
 * addresses that could be private, and no webhook receiver needs them.
 */
export function nonPublicKind(address: string): string | null {
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range !== 'unicast') return RANGE_NAMES[range] ?? range;
  if (parsed.kind() === 'ipv6' && !parsed.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return null;
}

function isLocalhostName(host: string): boolean {
  const name = host.replace(/\.$/, '');
  return name === 'localhost' || name.endsWith('.localhost');
}

/**
 * Why the URL's host is not a public target, or null. Literal addresses by their range, and the
 * localhost names (RFC 6761: they always mean this machine). Other names are judged when a
 * delivery resolves them (publicOnlyLookup).
 */
function privateHostProblem(url: URL): string | null {
  // The URL parser already canonicalised the host: 0x7f.1 and 2130706433 are 127.0.0.1 here.
  const host = url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (isLocalhostName(host)) return `${host} is this machine (loopback)`;
  if (isIP(host) === 0) return null;
  const kind = nonPublicKind(host);
  return kind ? `${host} is a ${kind} address` : null;
}

/** Problems with a webhook URL, each a sentence a person can act on; empty when it is fine. */
export function webhookUrlProblems(text: string, allowPrivateTargets: boolean): string[] {
  if (text.length > MAX_URL_LENGTH) return [`url must be at most ${MAX_URL_LENGTH} characters`];
  if (!URL.canParse(text)) return ['url must be an absolute http(s) URL, such as https://example.com/webhooks'];
  const url = new URL(text);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return ['url must be an absolute http(s) URL, such as https://example.com/webhooks'];
  if (url.username || url.password) {
    return ['url must not contain a user name or password: verify requests by their webhook-signature header instead'];
  }
  if (!allowPrivateTargets) {
    const problem = privateHostProblem(url);
    if (problem) return [`url must point to a public address: ${problem} (the operator can allow private targets with ${ALLOW_SETTING})`];
  }
  return [];
}

/** A delivery refused because the target is not public; its message says why. */
class PrivateTargetError extends Error {
  readonly code = 'EPRIVATETARGET';
}

/** The refusal of a URL whose literal host is not public, for a delivery; null when it may be sent to. */
export function privateTargetRefusal(url: URL): PrivateTargetError | null {
  const problem = privateHostProblem(url);
  return problem ? new PrivateTargetError(`Refused: ${problem}; set ${ALLOW_SETTING} to allow it`) : null;
}

/**
 * A `lookup` for http(s).request that resolves as usual and refuses the connection when any
 * address the name resolves to is not public. Every address is checked, not only the first, as
 * the connection may try them all (Happy Eyeballs).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, []);
    for (const { address } of addresses) {
      const kind = nonPublicKind(address);
      if (kind) {
        const refusal = new PrivateTargetError(`Refused: ${hostname} resolves to ${address}, a ${kind} address; set ${ALLOW_SETTING} to allow it`);
        return callback(refusal, []);
      }
    }
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0].address, addresses[0].family);
  });
};
