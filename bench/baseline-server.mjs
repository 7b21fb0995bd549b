// The benchmark's yardstick: the plainest `ws` broadcast server. POST /publish sends the body
// to every connected socket with `client.send(string)`, as ws's README shows broadcasting.
import { createServer } from 'node:http';
import { WebSocketServer } from 'ws';

const server = createServer((req, res) => {
  if (req.method !== 'POST' || req.url !== '/publish') return void res.writeHead(404).end();
  let body = '';
  req.setEncoding('utf8').on('data', (chunk) => { body += chunk; }).on('end', () => {
    for (const client of wss.clients) client.send(body);
    res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ connections: wss.clients.size }));
  });
});
const wss = new WebSocketServer({ server, path: '/realtime', perMessageDeflate: false });

server.listen(0, '127.0.0.1', () => {
  process.stdout.write(JSON.stringify({ message: 'listening', port: server.address().port }) + '\n');
});
process.on('SIGTERM', () => process.exit(0));
