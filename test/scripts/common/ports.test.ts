/**
 * The ports helpers every program shares (scripts/common/ports.ts): `npm start` refuses to
 * start on a taken port and says which, and a second stack (the browser suite, the bench, the
 * tests) gets free ports away from the ones `npm start` uses.
 */
import net from 'node:net';
import {
  assertPortFree,
  freePorts,
  freePortsInRange,
  isPortFree,
} from '../../../scripts/common/ports';

/** Listens on a free port of 127.0.0.1 until closed. */
async function occupy(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

test('a taken port is refused with its number and what it was for; a free one is not', async () => {
  const taken = await occupy();
  try {
    await expect(assertPortFree(taken.port, 'API')).rejects.toThrow(
      `Port ${taken.port} (API) is already in use. Is another \`npm start\` running?`,
    );
    expect(await isPortFree(taken.port)).toBe(false);
  } finally {
    await taken.close();
  }
  await expect(assertPortFree(taken.port, 'API')).resolves.toBeUndefined();
  expect(await isPortFree(taken.port)).toBe(true);
});

test('free ports are distinct, free, and none of the ones `npm start` uses', async () => {
  const ports = await freePorts(6);
  expect(new Set(ports).size).toBe(6);
  for (const port of ports) {
    expect(port >= 3000 && port <= 3499).toBe(false);
    expect([4000, 4100, 9229, 9230]).not.toContain(port);
    expect(await isPortFree(port)).toBe(true);
  }
});

test('a range skips the taken ports, and says so when it has too few free ones', async () => {
  const taken = await occupy();
  try {
    const [free] = await freePortsInRange(taken.port, taken.port + 50, 1);
    expect(free).toBeGreaterThan(taken.port);
    await expect(freePortsInRange(taken.port, taken.port + 1, 1)).rejects.toThrow(
      `Not enough free ports in ${taken.port}-${taken.port}`,
    );
  } finally {
    await taken.close();
  }
});
