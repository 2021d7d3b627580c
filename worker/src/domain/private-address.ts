/**
 * Whether a URL's host is private, loopback or link-local, so the import never makes the
 * server fetch its own network on a person's behalf (server-side request forgery).
 *
 * Only what the URL itself says can be checked: IP literals (the URL parser already turns
 * decimal, octal and hex forms like http://2130706433/ into dotted quads) and names that
 * always mean this machine or a local network. A public name whose DNS answer is a private
 * address is not caught here: Workers cannot resolve DNS themselves. Cloudflare's own
 * fetch does not reach private networks from the edge, which covers that case in production.
 *
 * Addresses are classified by ipaddr.js (a hand-written parser let
 * `[::127.0.0.1]`, `[64:ff9b::a9fe:a9fe]`, `[2002:7f00:1::]`, `[::ffff:0:127.0.0.1]` and
 * `[fec0::1]` through): only ordinary unicast is public. IPv6 forms that carry an IPv4
 * address (mapped, translated, NAT64, 6to4, Teredo, IPv4-compatible) are refused whole:
 * they lead to an IPv4 host the check would otherwise have to follow.
 */
import ipaddr from 'ipaddr.js';

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

function isPublicAddress(address: ipaddr.IPv4 | ipaddr.IPv6): boolean {
  if (address.range() !== 'unicast') return false;
  // ::/96, the deprecated IPv4-compatible form (`::127.0.0.1`), falls outside every named range.
  return address.kind() === 'ipv4' || !(address as ipaddr.IPv6).parts.slice(0, 6).every((part) => part === 0);
}

/** True for a host (as `URL.hostname` gives it) that names this machine or a private network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host || LOCAL_NAMES.test(host)) return true;
  // A name is not an address (the URL parser has already turned 2130706433 or 0x7f.1 into a dotted quad).
  if (!host.includes(':') && !/^[\d.]+$/.test(host)) return false;
  if (!ipaddr.isValid(host)) return true;
  return !isPublicAddress(ipaddr.parse(host));
}
