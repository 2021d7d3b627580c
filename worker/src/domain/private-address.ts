/**
 * Whether a URL's host is private, loopback or link-local, so the import never makes the
 * server fetch its own network on a person's behalf (server-side request forgery).
 *
 * Only what the URL itself says can be checked: IP literals (the URL parser already turns
 * decimal, octal and hex forms like http://2130706433/ into dotted quads) and names that
 * always mean this machine or a local network. A public name whose DNS answer is a private
 * address is not caught here: Workers cannot resolve DNS themselves. Cloudflare's own
 * fetch does not reach private networks from the edge, which covers that case in production.
 */

const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/i;

/** IPv4 ranges that are not the public internet: [first octets, prefix length]. */
const PRIVATE_V4: [number[], number][] = [
  [[0], 8], // "this network"
  [[10], 8],
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8], // loopback
  [[169, 254], 16], // link-local (cloud metadata lives here)
  [[172, 16], 12],
  [[192, 0, 0], 24],
  [[192, 168], 16],
  [[198, 18], 15], // benchmarking
  [[224], 4], // multicast
  [[240], 4], // reserved and broadcast
];

function parseV4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p) && Number(p) <= 255)) return null;
  return parts.reduce((n, p) => n * 256 + Number(p), 0);
}

function isPrivateV4(address: number): boolean {
  return PRIVATE_V4.some(([octets, bits]) => {
    const base = [...octets, 0, 0, 0, 0].slice(0, 4).reduce((n, o) => n * 256 + o, 0);
    const size = 2 ** (32 - bits);
    return address >= base && address < base + size;
  });
}

/** The 8 16-bit groups of an IPv6 literal (brackets removed), or null. */
function parseV6(host: string): number[] | null {
  if (!host.includes(':')) return null;
  let text = host;
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (tail) {
    const v4 = parseV4(tail[1]!);
    if (v4 === null) return null;
    text = `${text.slice(0, -tail[1]!.length)}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const [head, rest] = text.split('::') as [string, string | undefined];
  const groups = (s: string) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array(Math.max(0, fill)).fill(0), ...right];
  return all.length === 8 && all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

function isPrivateV6(g: number[]): boolean {
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(7) && (g[7] === 0 || g[7] === 1)) return true; // :: and ::1
  if (zeroTo(5) && g[5] === 0xffff) return isPrivateV4(g[6]! * 65536 + g[7]!); // IPv4-mapped
  if ((g[0]! & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g[0]! & 0xffc0) === 0xfe80) return true; // link-local fe80::/10
  if ((g[0]! & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** True for a host (as `URL.hostname` gives it) that names this machine or a private network. */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '').replace(/\.$/, '');
  if (!host || LOCAL_NAMES.test(host)) return true;
  const v4 = parseV4(host);
  if (v4 !== null) return isPrivateV4(v4);
  const v6 = parseV6(host);
  if (v6 !== null) return isPrivateV6(v6);
  return false;
}
