/**
 * Test-only control of the topology's API instances (E2E_TOPOLOGY=1). The global setup starts the topology in the
 * Playwright runner process, and the tests run in a worker process; instances.spec.ts kills one instance mid-suite
 * and starts it again through this small HTTP server on 127.0.0.1 (TOPOLOGY_CONTROL_URL), which only the e2e run
 * starts:
 *   GET  /instances                → [{ id, port, pid }]
 *   POST /instances/:id/kill       → SIGKILL, answered once the process is gone
 *   POST /instances/:id/start      → started, answered once it answers /health
 */
import { createServer, type Server } from 'node:http';
import type { Topology } from '../../scripts/site/topology.ts';

export interface InstanceInfo {
  id: string;
  port: number;
  pid: number | null;
}

export async function serveTopologyControl(topology: Topology, port: number): Promise<Server> {
  const server = createServer((req, res) => {
    const answer = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    const list = (): InstanceInfo[] =>
      topology.instances.map((i) => ({ id: i.id, port: i.port, pid: i.pid ?? null }));
    const match = /^\/instances\/([\w-]+)\/(kill|start)$/.exec(req.url ?? '');
    if (req.method === 'GET' && req.url === '/instances') return answer(200, list());
    const instance = match && topology.instances.find((i) => i.id === match[1]);
    if (req.method !== 'POST' || !match || !instance) return answer(404, { error: 'unknown' });
    const action = match[2] === 'kill' ? instance.stop('SIGKILL') : instance.start();
    action.then(
      () => answer(200, list()),
      (error: unknown) => answer(500, { error: String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return server;
}

/** From a test: the instances, or an action on one. */
export async function controlTopology(
  controlUrl: string,
  action?: { id: string; do: 'kill' | 'start' },
): Promise<InstanceInfo[]> {
  const response = await fetch(
    action ? `${controlUrl}/instances/${action.id}/${action.do}` : `${controlUrl}/instances`,
    { method: action ? 'POST' : 'GET' },
  );
  if (!response.ok) throw new Error(`topology control: ${response.status} ${await response.text()}`);
  return (await response.json()) as InstanceInfo[];
}
