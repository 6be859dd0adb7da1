import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, signIn, startTestApp, type TestApp } from '../../../test/helpers';
import { ProgressHub } from './progress-hub';

let t: TestApp;
let base: string;
let cookie: string;
let userId: string;
beforeAll(async () => {
  t = await startTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  cookie = await signIn(t.app, 'owner@demo.test');
  userId = (await call(t.app, { method: 'GET', url: '/api/v1/auth/', cookie })).json()._id;
});
afterAll(() => t.close());

/** Opens the socket; resolves with the open socket or the HTTP status that refused it. */
function connect(headers: Record<string, string>): Promise<WebSocket | number> {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://${base}/api/v1/websocket/`, { headers });
    socket.on('open', () => resolve(socket));
    socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    socket.on('error', () => resolve(-1));
  });
}

function ask(socket: WebSocket, message: string): Promise<unknown> {
  return new Promise((resolve) => {
    socket.once('message', (data) => resolve(JSON.parse(data.toString())));
    socket.send(message);
  });
}

describe('/api/v1/websocket/', () => {
  it('refuses a connection without a session (401) and from another site (403)', async () => {
    expect(await connect({ origin: `http://${base}` })).toBe(401);
    expect(await connect({ origin: 'https://evil.example', cookie })).toBe(403);
    expect(await connect({ cookie })).toBe(403);
    expect(await connect({ origin: `http://${base}`, cookie: 'atelier_session=forged' })).toBe(401);
  });

  it('answers ping and progress, with progress published by another server instance', async () => {
    const socket = await connect({ origin: `http://${base}`, cookie });
    expect(socket).toBeInstanceOf(WebSocket);
    const ws = socket as WebSocket;
    expect(await ask(ws, 'ping')).toEqual({ type: 'pong' });
    expect(await ask(ws, 'progress')).toEqual({
      type: 'progress',
      progress: { current: 0, total: 0, label: '', stages: [], stage: 0 },
    });

    // Another instance: its own hub on the same database.
    const other = new ProgressHub(t.database.url, t.database.pool);
    await other.start();
    const progress = {
      current: 40,
      total: 100,
      label: 'Uploading logo.png',
      stages: [{ label: 'Uploading', count: 100 }],
      stage: 0,
    };
    await other.publish(userId, progress);
    let seen: unknown;
    for (let i = 0; i < 50; i++) {
      seen = ((await ask(ws, 'progress')) as { progress: unknown }).progress;
      if ((seen as { current: number }).current === 40) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toEqual(progress);
    await other.close();
    ws.close();
  });

  it("keeps each user's progress to that user", async () => {
    const sales = await signIn(t.app, 'sales@demo.test');
    const ws = (await connect({ origin: `http://${base}`, cookie: sales })) as WebSocket;
    await t.app.deps.progress.publish(userId, { current: 1, total: 2, label: 'x', stages: [], stage: 0 });
    expect(((await ask(ws, 'progress')) as { progress: { total: number } }).progress.total).toBe(0);
    ws.close();
  });
});
