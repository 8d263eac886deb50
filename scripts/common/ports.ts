/**
 * Ports of the local tools: checking one, and finding free ones. scripts/common/ holds what
 * several programs use (the local stack, the bench, their tests) and imports none of them.
 */
import net from 'node:net';

/** Fails with a clear message when a port is taken (e.g. another `npm start`). */
export function assertPortFree(port: number, label: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', () =>
      reject(
        new Error(`Port ${port} (${label}) is already in use. Is another \`npm start\` running?`),
      ),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

/** True when nothing listens on `port` (127.0.0.1) right now. */
export function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first `count` free ports in [from, to) (a tool's own fixed range). */
export async function freePortsInRange(from: number, to: number, count: number): Promise<number[]> {
  const ports: number[] = [];
  for (let port = from; port < to && ports.length < count; port += 1) {
    if (await isPortFree(port)) ports.push(port);
  }
  if (ports.length < count) throw new Error(`Not enough free ports in ${from}-${to - 1}`);
  return ports;
}

/** A port the OS reports free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** Ports `npm start` and the other local tools use by default; a second stack avoids them. */
const wellKnownPorts = (port: number) =>
  (port >= 3000 && port <= 3499) || [4000, 4100, 9229, 9230].includes(port);

/** `count` distinct free ports, none of the well-known local ones. */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>();
  while (ports.size < count) {
    const port = await freePort();
    if (!wellKnownPorts(port)) ports.add(port);
  }
  return [...ports];
}
