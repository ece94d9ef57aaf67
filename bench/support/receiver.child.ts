import http from 'node:http';
import https from 'node:https';
import { type AddressInfo } from 'node:net';
import {
  type Arrival,
  type CapturedRequest,
  RECEIVER_TLS_CERT,
  RECEIVER_TLS_KEY,
  type ReceiverCommand,
  type ReceiverMessage,
} from './receiver-protocol';

/*
 * The webhook endpoint of the benches: answers 200 as soon as a body has been read, and does nothing
 * else. It runs in its own process so its CPU is not charged to the event loop being measured; the
 * first request is kept, so a baseline can replay exactly what the dispatcher sent.
 *
 * Given a key and certificate (RECEIVER_TLS_KEY, RECEIVER_TLS_CERT), it serves HTTPS.
 *
 * Started with `--arrivals`, it also notes when each request had arrived whole, by its X-Service-Delivery
 * header, on the monotonic clock (CLOCK_MONOTONIC, the same in every process of the machine), so a bench
 * can set arrivals beside instants taken in its own process; `arrivals` hands over and forgets them.
 */
const recordArrivals = process.argv.includes('--arrivals');
/** Monotonic milliseconds, comparable between the processes of one machine. */
const monotonicMs = (): number => Number(process.hrtime.bigint()) / 1e6;
let arrivals: Arrival[] = [];
let received = 0;
let notPost = 0;
let first: CapturedRequest | null = null;
let capturing = true;

function send(message: ReceiverMessage): void {
  process.send?.(message);
}

const tlsKey = process.env[RECEIVER_TLS_KEY];
const tlsCert = process.env[RECEIVER_TLS_CERT];

const listener: http.RequestListener = (request, response) => {
  if (capturing) {
    capturing = false;
    const chunks: Buffer[] = [];
    const rawHeaders = request.rawHeaders;
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      first = {
        method: request.method ?? '',
        path: request.url ?? '',
        rawHeaders,
        bodyBase64: Buffer.concat(chunks).toString('base64'),
      };
    });
  } else {
    request.resume();
  }
  request.on('error', () => undefined);
  request.on('end', () => {
    if (recordArrivals) arrivals.push([String(request.headers['x-service-delivery']), monotonicMs()]);
    received += 1;
    if (request.method !== 'POST') notPost += 1;
    response.writeHead(200, { 'Content-Type': 'text/plain', 'Content-Length': '2' }).end('OK');
  });
};
const server =
  tlsKey && tlsCert
    ? https.createServer({ key: tlsKey, cert: tlsCert }, listener)
    : http.createServer(listener);

process.on('message', (command: ReceiverCommand) => {
  if (command.type === 'stats') send({ type: 'stats', id: command.id, received, notPost, first });
  else if (command.type === 'arrivals') {
    send({ type: 'arrivals', id: command.id, arrivals });
    arrivals = [];
  }
});
// The bench owns this process: when it goes away, so does the receiver.
process.on('disconnect', () => process.exit(0));

server.listen(0, '127.0.0.1', () => {
  send({ type: 'ready', port: (server.address() as AddressInfo).port });
});
