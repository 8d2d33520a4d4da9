/**
 * SSE load for the benchmark (forked by bench/run.ts): opens `streams` notification streams spread over the
 * given API ports (plain sockets, one HTTP/1.1 request each), then notes when each stream receives each event
 * (`data:`), as process.hrtime (CLOCK_MONOTONIC: comparable across processes of this machine). Several of these
 * processes may share the streams of one run.
 * IPC: { cmd: 'open', ports, streams, token } → { opened, failed, ms }; { cmd: 'arrivals', round } →
 * { arrivals: string[], cpuMs } (hrtime in ns of each stream's event number `round`, 0-based, and the CPU time
 * this process has used); { cmd: 'arrivals', round, count: true } → { count }; { cmd: 'exit' }.
 */
import net from 'node:net';

type Cmd =
  | { id: number; cmd: 'open'; ports: number[]; streams: number; token: string }
  | { id: number; cmd: 'arrivals'; round: number; count?: boolean }
  | { id: number; cmd: 'exit' };

const send = (m: unknown) => process.send?.(m);
const sockets: net.Socket[] = [];
/** arrivals[k]: when each stream received its event number k. */
const arrivals: bigint[][] = [];
/**
 * Every socket reads into this one buffer (`onread`: no stream machinery, no per-read allocation or string
 * decoding), and the arrival time is taken first thing in the read callback: the figure is when the bytes
 * reached this process, not when it got round to parsing them.
 */
const readBuffer = Buffer.allocUnsafe(64 * 1024);

function openOne(port: number, token: string): Promise<boolean> {
  return new Promise((resolve) => {
    let ready = false;
    let events = 0;
    const s = net.connect({
      port,
      host: '127.0.0.1',
      onread: {
        buffer: readBuffer,
        callback(n: number) {
          const at = process.hrtime.bigint();
          const buf = readBuffer.subarray(0, n);
          let from = 0;
          if (!ready) {
            // Head and `retry:` come first; an event (`data:`) may follow in the same read.
            const i = buf.indexOf('retry:');
            if (i < 0) return true;
            ready = true;
            resolve(true);
            from = i;
          }
          for (let d = buf.indexOf('data:', from); d >= 0; d = buf.indexOf('data:', d + 5)) {
            let list = arrivals[events];
            if (!list) {
              list = [];
              arrivals[events] = list;
            }
            list.push(at);
            events++;
          }
          return true;
        },
      },
    });
    s.setNoDelay(true);
    s.on('connect', () => {
      s.write(
        `GET /api/v1/notification/subscribe HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\nAccept: text/event-stream\r\n\r\n`,
      );
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
    if (m.count) {
      send({ id: m.id, count: arrivals[m.round]?.length ?? 0 });
      return;
    }
    const cpu = process.cpuUsage();
    send({
      id: m.id,
      arrivals: (arrivals[m.round] ?? []).map(String),
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
  } else if (m.cmd === 'exit') {
    for (const s of sockets) s.destroy();
    send({ id: m.id });
    process.exit(0);
  }
});
send({ ready: true });
