// The benchmarks' yardsticks, on bare node:http:
// - realtime: the plainest `ws` broadcast server. POST /publish sends the body to every
//   connected socket with `client.send(string)`, as ws's README shows broadcasting.
// - HTTP (bench/http.mjs, bench/read-models.mjs): with BASELINE_BODIES naming a JSON file of
//   { "/path": { "type": "...", "base64": "..." } }, GET /path answers those bytes from memory
//   with only content-type and content-length, the least any Node server can do for them.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const bodies = new Map();
if (process.env['BASELINE_BODIES']) {
  for (const [path, { type, base64 }] of Object.entries(JSON.parse(readFileSync(process.env['BASELINE_BODIES'], 'utf8')))) {
    const bytes = Buffer.from(base64, 'base64');
    bodies.set(path, { bytes, headers: { 'content-type': type, 'content-length': bytes.length } });
  }
}

const server = createServer((req, res) => {
  const body = req.method === 'GET' ? bodies.get(req.url) : undefined;
  if (body) return void res.writeHead(200, body.headers).end(body.bytes);
  if (req.method !== 'POST' || req.url !== '/publish') return void res.writeHead(404).end();
  let text = '';
  req.setEncoding('utf8').on('data', (chunk) => { text += chunk; }).on('end', () => {
    for (const client of wss.clients) client.send(text);
    res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ connections: wss.clients.size }));
  });
});
const wss = new WebSocketServer({ server, path: '/realtime', perMessageDeflate: false });

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ message: 'listening', port: server.address().port }) + '\n');
});
process.on('SIGTERM', () => process.exit(0));
