import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TINY_PNG } from '../../../test/helpers';
import { fetchPublic, isPublicAddress, type OutboundOptions } from './outbound';

describe('which addresses are public', () => {
  it.each([
    ['8.8.8.8', true],
    ['172.32.0.1', true],
    ['::ffff:8.8.8.8', true],
    ['2606:4700:4700::1111', true],
    ['127.0.0.1', false],
    ['127.8.8.8', false],
    ['10.1.2.3', false],
    ['172.16.0.1', false],
    ['192.168.1.1', false],
    ['100.64.0.1', false],
    ['169.254.169.254', false],
    ['0.0.0.0', false],
    ['224.0.0.1', false],
    ['255.255.255.255', false],
    ['::', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00:ec2::254', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:7f00:1', false],
    ['::ffff:a9fe:a9fe', false],
    ['::7f00:1', false],
    ['::ffff:0:7f00:1', false],
    ['fec0::1', false],
    ['64:ff9b::a00:1', false],
    ['2002:7f00:1::', false],
    ['not an address', false],
  ])('%s: %s', (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe('fetching', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/image.png') res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
      else if (req.url === '/to-metadata') res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
      else if (req.url === '/to-image') res.writeHead(301, { location: '/image.png' }).end();
      else if (req.url === '/loop') res.writeHead(302, { location: '/loop' }).end();
      else if (req.url === '/big') res.writeHead(200, { 'content-length': String(10_000) }).end(Buffer.alloc(10_000));
      else if (req.url === '/big-chunked') {
        res.writeHead(200);
        for (let i = 0; i < 10; i++) res.write(Buffer.alloc(1_000));
        res.end();
      } else if (req.url === '/slow') setTimeout(() => res.end('late'), 2_000);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const local = { timeoutMs: 1_000, maxBytes: 5_000, allow: ['127.0.0.1'] };
  const refusal = (url: string, options: OutboundOptions = local) =>
    fetchPublic(url, options).then(
      () => 'fetched',
      (e: Error) => e.message,
    );

  it('refuses what is not a public http(s) address, before connecting', async () => {
    const strict = { timeoutMs: 1_000, maxBytes: 5_000 };
    expect(await refusal(`${base}/image.png`, strict)).toBe(
      '127.0.0.1 is not a public address: only images on public sites can be fetched.',
    );
    expect(await refusal('http://localhost/image.png', strict)).toMatch(/^localhost is not a public address/);
    expect(await refusal('http://[::1]/x', strict)).toMatch(/is not a public address/);
    expect(await refusal('http://169.254.169.254/latest/meta-data/', strict)).toMatch(/is not a public address/);
    expect(await refusal('http://0x7f000001/', strict)).toMatch(/is not a public address/);
    expect(await refusal('file:///etc/passwd', strict)).toBe('Only http and https addresses can be fetched.');
    expect(await refusal('ftp://example.com/a.png', strict)).toBe('Only http and https addresses can be fetched.');
    expect(await refusal('http://user:secret@example.com/a.png', strict)).toBe(
      'An address with a user name or password is refused.',
    );
    expect(await refusal('not a url', strict)).toBe('This is not a web address.');
    expect(await refusal('http://8.8.8.8:22/a.png', strict)).toBe(
      'Port 22 is refused: only the web’s usual ports are fetched from.',
    );
  });

  it('fetches from an allowed address, following redirects it checks one by one', async () => {
    const fetched = await fetchPublic(`${base}/to-image`, local);
    expect(fetched.bytes.equals(TINY_PNG)).toBe(true);
    expect(fetched.contentType).toBe('image/png');
    expect(fetched.url).toBe(`${base}/image.png`);
    expect(await refusal(`${base}/to-metadata`)).toMatch(/^169\.254\.169\.254 is not a public address/);
    expect(await refusal(`${base}/loop`)).toBe('The address redirects too many times.');
  });

  it('stops at the size and time limits, and says what the site answered', async () => {
    expect(await refusal(`${base}/big`)).toBe('The file is larger than 5 KB.');
    expect(await refusal(`${base}/big-chunked`)).toMatch(/^The file is larger than/);
    expect(await refusal(`${base}/slow`, { ...local, timeoutMs: 200 })).toBe('The site took too long to answer.');
    expect(await refusal(`${base}/missing.png`)).toBe('The site answered 404.');
  });
});
