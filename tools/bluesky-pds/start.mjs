// Starts Bluesky's reference PDS (@atproto/pds) with a PLC directory (@did-plc/server on its
// in-memory database) on 127.0.0.1, for the Bluesky adapter's tests. Run it with the Node 22 that
// install.sh installs beside it. Prints one JSON line {"pds": url, "plc": url} once both answer.
//
// Environment: PDS_PORT and PLC_PORT (free ports are picked when unset), PDS_ADMIN_PASSWORD
// (default "admin-pass"), PDS_JWT_SECRET (the key its session tokens are signed with; random when
// unset), LOG_ENABLED=true to see the PDS's own logs.
// With --exit-with-stdin it stops when its standard input closes, so a test run that dies never
// leaves it running.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

process.env.LOG_ENABLED ??= 'false';

// Both servers read their logger settings when they are first imported, so they come in after the
// environment above is set.
const { PDS } = await import('@atproto/pds');
const { Database, PlcServer } = await import('@did-plc/server');
const { Secp256k1Keypair } = await import('@atproto/crypto');

/** Bluesky's own limit for one video; the PDS's 5 MB default would refuse test videos a real PDS takes. */
const BLOB_UPLOAD_LIMIT = 100 * 1024 * 1024;

/** A port free now on loopback. */
async function findFreePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Both servers listen with express's app.listen(port), which takes every interface: loopback only here. */
function listenOnLoopback(app) {
  const listen = app.listen.bind(app);
  app.listen = (port) => listen(port, '127.0.0.1');
}

const pdsPort = Number(process.env.PDS_PORT) || (await findFreePort());
const plcPort = Number(process.env.PLC_PORT) || (await findFreePort());
const dataDirectory = await fs.mkdtemp(path.join(os.tmpdir(), 'hookline-bluesky-pds-'));

const plc = PlcServer.create({ db: Database.mock(), port: plcPort });
listenOnLoopback(plc.app);
await plc.start();
const plcUrl = `http://127.0.0.1:${plcPort}`;

const rotationKey = await Secp256k1Keypair.create({ exportable: true });
const pds = await PDS.fromEnv({
  // "localhost" makes the PDS's public address http://localhost:port (any other name means https).
  hostname: 'localhost',
  port: pdsPort,
  devMode: true,
  dataDirectory,
  blobstoreDiskLocation: path.join(dataDirectory, 'blobs'),
  blobUploadLimit: BLOB_UPLOAD_LIMIT,
  // The PDS's DID resolver takes host names only ("Invalid hostname" for an IP address).
  didPlcUrl: `http://localhost:${plcPort}`,
  serviceHandleDomains: ['.test'],
  // bsky.social sends the account's DID document with each session, so clients learn their PDS.
  enableDidDocWithSession: true,
  inviteRequired: false,
  // Real rate limits, so a client meets the PDS's own 429 answers and ratelimit-* headers.
  rateLimitsEnabled: true,
  adminPassword: process.env.PDS_ADMIN_PASSWORD || 'admin-pass',
  jwtSecret: process.env.PDS_JWT_SECRET || Buffer.from(crypto.getRandomValues(new Uint8Array(32))).toString('hex'),
  plcRotationKeyK256PrivateKeyHex: Buffer.from(await rotationKey.export()).toString('hex'),
  serviceName: 'Hookline test PDS',
});
listenOnLoopback(pds.app);
await pds.start();

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await Promise.allSettled([pds.destroy(), plc.destroy()]);
  await fs.rm(dataDirectory, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
if (process.argv.includes('--exit-with-stdin')) {
  process.stdin.on('end', stop).on('error', stop).resume();
}

// The PDS calls itself http://localhost:port in DID documents; clients are given its loopback address.
process.stdout.write(`${JSON.stringify({ pds: `http://127.0.0.1:${pdsPort}`, plc: plcUrl })}\n`);
