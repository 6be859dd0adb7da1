import { lookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP } from 'node:net';

/**
 * The one way the server fetches from another site (an imported product's image URL): only
 * http(s) to public addresses. A name is resolved once and the connection made to the address
 * checked (no second lookup a rebinding DNS could answer differently); every address a name has
 * must be public; redirects are followed by hand, each checked the same way; size and time are
 * limited. What it refuses it says in words a person understands (OutboundError).
 */
export class OutboundError extends Error {}

export type OutboundOptions = {
  /** The whole fetch, redirects included. */
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
  /**
   * Addresses allowed though not public (an operator's own image server; the tests' local
   * one). Empty in production unless configured.
   */
  allow?: readonly string[];
};

export type Fetched = { bytes: Buffer; contentType: string; url: string };

// Loopback, private, link-local (the cloud metadata address among them), shared, reserved,
// documentation, benchmarking, multicast and broadcast ranges: nothing a public site lives on.
const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  // Unspecified, loopback and the old IPv4-compatible form (::7f00:1); IPv4-mapped (::ffff:…)
  // is judged by the IPv4 address inside, below; IPv4-translated (::ffff:0:…) is refused.
  ['::', 96],
  ['::ffff:0:0:0', 96],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  // 6to4 carries any IPv4 address, private ones too.
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  // The old site-local range.
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** Whether an address is one a public site may have. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  // The same in hex (::ffff:7f00:1 is 127.0.0.1).
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const [a, b] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
    return isPublicAddress(`${a >> 8}.${a & 255}.${b >> 8}.${b & 255}`);
  }
  return !blocked.check(address, 'ipv6');
}

/** The address to connect to for this URL's host, checked; or why not. */
type Address = { address: string; family: 4 | 6 };

/** The work, or the time limit's error if the signal ends it first (a lookup cannot be aborted). */
function withinTime<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(new OutboundError('The site took too long to answer.'));
    if (signal.aborted) return stop();
    signal.addEventListener('abort', stop, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
const PORTS = new Set(['80', '443', '8080', '8443']);

/** Every address of this URL's host, each checked; or why not. The lookup keeps to the time limit. */
async function addressesOf(url: URL, allow: readonly string[], signal: AbortSignal): Promise<Address[]> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const found: Address[] = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : await withinTime(
        lookup(host, { all: true, verbatim: true }).catch(() => {
          throw new OutboundError(`The address ${url.hostname} could not be found.`);
        }) as Promise<Address[]>,
        signal,
      );
  const refused = found.find((a) => !isPublicAddress(a.address) && !allow.includes(a.address));
  if (refused || found.length === 0)
    throw new OutboundError(`${url.hostname} is not a public address: only images on public sites can be fetched.`);
  // The web's ports only: a public host's other services are not the server's to probe (an
  // allowed address, an operator's own server, may use any).
  if (url.port && !PORTS.has(url.port) && !found.every((a) => allow.includes(a.address)))
    throw new OutboundError(`Port ${url.port} is refused: only the web’s usual ports are fetched from.`);
  return found;
}

function checkedUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    throw new OutboundError('This is not a web address.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new OutboundError('Only http and https addresses can be fetched.');
  if (url.username || url.password) throw new OutboundError('An address with a user name or password is refused.');
  return url;
}

/** GET of a public URL: its body (at most `maxBytes`) and content type, or an OutboundError. */
export async function fetchPublic(text: string, options: OutboundOptions): Promise<Fetched> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = checkedUrl(text);
  for (let hop = 0; ; hop++) {
    const target = await addressesOf(url, options.allow ?? [], signal);
    const response = await get(url, target, options.maxBytes, signal);
    if ('location' in response) {
      if (hop >= (options.maxRedirects ?? 3)) throw new OutboundError('The address redirects too many times.');
      url = checkedUrl(response.location, url);
      continue;
    }
    return { ...response, url: url.toString() };
  }
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

type Answer = { bytes: Buffer; contentType: string } | { location: string };

function get(url: URL, targets: Address[], maxBytes: number, signal: AbortSignal): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const fail = (error: unknown) =>
      reject(
        error instanceof OutboundError
          ? error
          : signal.aborted
            ? new OutboundError('The site took too long to answer.')
            : new OutboundError(`The site could not be reached (${(error as Error).message}).`),
      );
    const request = (url.protocol === 'https:' ? https : http).request(url, {
      method: 'GET',
      signal,
      headers: { accept: 'image/*', 'user-agent': 'Atelier image fetcher' },
      // The checked addresses, whatever a second lookup would say; TLS still checks the name.
      lookup: (_host, opts, callback) => {
        if ((opts as { all?: boolean }).all) callback(null, targets as never, targets[0]!.family);
        else callback(null, targets[0]!.address, targets[0]!.family);
      },
    });
    request.on('error', fail);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      if (status >= 300 && status < 400 && response.headers.location) {
        response.resume();
        resolve({ location: response.headers.location });
        return;
      }
      if (status < 200 || status >= 300) {
        response.resume();
        fail(new OutboundError(`The site answered ${status}.`));
        return;
      }
      const tooLarge = new OutboundError(`The file is larger than ${sizeText(maxBytes)}.`);
      if (Number(response.headers['content-length'] ?? 0) > maxBytes) {
        response.destroy();
        fail(tooLarge);
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) {
          response.destroy(tooLarge);
          return;
        }
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () =>
        resolve({ bytes: Buffer.concat(chunks), contentType: String(response.headers['content-type'] ?? '') }),
      );
    });
    request.end();
  });
}
