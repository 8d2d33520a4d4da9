/**
 * SSE load for the benchmark (forked by bench/run.ts): opens `streams` notification streams spread over the
 * given API ports (plain sockets, one HTTP/1.1 request each), then notes when each stream first receives an
 * event (`data:`), as process.hrtime (CLOCK_MONOTONIC: comparable across processes of this machine).
 * IPC: { cmd: 'open', ports, streams, token } → { opened, failed, ms }; { cmd: 'arrivals' } → { arrivals: string[] }
 * (hrtime of each stream's first event, in ns); { cmd: 'exit' }.
 */
import net from 'node:net';

type Cmd =
  | { id: number; cmd: 'open'; ports: number[]; streams: number; token: string }
  | { id: number; cmd: 'arrivals' }
  | { id: number; cmd: 'exit' };

const send = (m: unknown) => process.send?.(m);
const sockets: net.Socket[] = [];
const arrivals: bigint[] = [];

function openOne(port: number, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    const s = net.connect({ port, host: '127.0.0.1' });
    let ready = false;
    let got = false;
    s.setNoDelay(true);
    s.on('connect', () => {
      s.write(
        `GET /api/v1/notification/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
    });
    s.setEncoding('utf8');
    s.on('data', (chunk: string) => {
      if (!ready && chunk.includes('retry:')) {
        ready = true;
        resolve(true);
      }
      if (ready && !got && chunk.includes('data:')) {
        got = true;
        arrivals.push(process.hrtime.bigint());
      }
    });
    s.on('error', () => {
      if (!ready) resolve(false);
    });
    s.on('close', () => {
      if (!ready) resolve(false);
    });
    sockets.push(s);
  });
}

process.on('message', async (m: Cmd) => {
  if (m.cmd === 'open') {
    const t0 = performance.now();
    let opened = 0;
    let failed = 0;
    // Waves of 200: a burst of thousands of connects overflows the listen backlog.
    for (let i = 0; i < m.streams; i += 200) {
      const wave = await Promise.all(
        Array.from({ length: Math.min(200, m.streams - i) }, (_, k) =>
          openOne(m.ports[(i + k) % m.ports.length]!, m.token),
        ),
      );
      for (const ok of wave) ok ? opened++ : failed++;
    }
    send({ id: m.id, opened, failed, ms: performance.now() - t0 });
  } else if (m.cmd === 'arrivals') {
    send({ id: m.id, arrivals: arrivals.map(String) });
  } else if (m.cmd === 'exit') {
    for (const s of sockets) s.destroy();
    send({ id: m.id });
    process.exit(0);
  }
});
send({ ready: true });
