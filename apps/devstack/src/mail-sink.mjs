// Local mail sink for development: an SMTP server that accepts every message
// and a small web page to read them. Nothing is ever delivered anywhere.
//
// Each message is stored raw as <dir>/<timestamp>-<n>.eml (the id is the file
// name without ".eml"), so a restart keeps the history. Never expose this
// outside a developer machine: it accepts mail from anyone.
//
// Usage as a module: `await startMailSink({ smtpPort, webPort, host, dir })`.
// Usage as a process: MAIL_SMTP_PORT (1025), MAIL_WEB_PORT (1080) and MAIL_DIR
// (.data/mail) -> prints `MAIL_SINK_READY <smtpUrl> <webUrl>`.
//
// Web: GET /                    messages, newest first (HTML)
//      GET /messages/<id>       text body and attachments (HTML)
//      GET /messages/<id>.eml   the raw message
//      GET /messages/<id>/attachments/<n>   the n-th attachment (0-based), e.g. an order sheet PDF
//      GET /api/messages        summaries, newest first (JSON)

import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { realpathSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

const MAX_MESSAGE_BYTES = 25 * 1024 * 1024;
const FILE_NAME = /^(\d+)-(\d+)\.eml$/;

function htmlEscape(value) {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const addresses = (field) => (Array.isArray(field) ? field : field ? [field] : []).flatMap((a) => a.value.map((v) => v.address).filter(Boolean));

/** The summary kept in memory and served by /api/messages. */
async function summarize(id, receivedAt, raw) {
  try {
    const mail = await simpleParser(raw);
    return {
      id,
      receivedAt: receivedAt.toISOString(),
      date: (mail.date ?? receivedAt).toISOString(),
      from: mail.from?.text ?? '',
      to: addresses(mail.to),
      subject: mail.subject ?? '',
      text: mail.text ?? '',
      attachments: mail.attachments.map((a) => ({ name: a.filename ?? '(unnamed)', size: a.size, contentType: a.contentType })),
    };
  } catch (error) {
    // Keep even a message we cannot parse: the raw .eml is still worth a look.
    return { id, receivedAt: receivedAt.toISOString(), date: receivedAt.toISOString(), from: '', to: [], subject: `(unreadable: ${error.message})`, text: '', attachments: [] };
  }
}

// Newest first: by the timestamp in the id, then by the sequence number.
const order = (id) => id.split('-').map(Number);
const newestFirst = (a, b) => {
  const [ta, na] = order(a.id);
  const [tb, nb] = order(b.id);
  return tb - ta || nb - na;
};

const when = (iso) => iso.replace('T', ' ').slice(0, 19) + ' UTC';

function page(title, body, head = '') {
  return `<!DOCTYPE html>
<html lang="ja">
<head>
  <meta charset="utf-8">
  <title>${htmlEscape(title)}</title>
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <style>body{font-family:sans-serif;margin:2rem}table{border-collapse:collapse}td,th{padding:.3rem .6rem;border-bottom:1px solid #ddd;text-align:left;vertical-align:top}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>${head}
</head>
<body>
${body}
</body>
</html>`;
}

function listPage(messages) {
  const rows = messages
    .map(
      (m) => `<tr><td>${htmlEscape(when(m.receivedAt))}</td><td>${htmlEscape(m.from)}</td><td>${htmlEscape(m.to.join(', '))}</td>` +
        `<td><a href="/messages/${encodeURIComponent(m.id)}">${htmlEscape(m.subject || '(no subject)')}</a></td><td>${m.attachments.length || ''}</td></tr>`,
    )
    .join('\n');
  return page(
    'Mail sink',
    `<h1>Mail sink (development)</h1>
<p>${messages.length} message(s). Nothing here was delivered. JSON: <a href="/api/messages">/api/messages</a></p>
<table><thead><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th><th>Attachments</th></tr></thead>
<tbody>
${rows}
</tbody></table>`,
    // Refreshes itself so new mail shows up without reloading by hand.
    '\n  <meta http-equiv="refresh" content="10">',
  );
}

function messagePage(m) {
  const attachments = m.attachments.length
    ? `<ul>${m.attachments
        .map((a, n) => `<li><a href="/messages/${encodeURIComponent(m.id)}/attachments/${n}">${htmlEscape(a.name)}</a> (${htmlEscape(a.contentType)}, ${a.size} bytes)</li>`)
        .join('')}</ul>`
    : '<p>None.</p>';
  const id = encodeURIComponent(m.id);
  return page(
    m.subject || '(no subject)',
    `<p><a href="/">&larr; All messages</a></p>
<h1>${htmlEscape(m.subject || '(no subject)')}</h1>
<table>
<tr><th>From</th><td>${htmlEscape(m.from)}</td></tr>
<tr><th>To</th><td>${htmlEscape(m.to.join(', '))}</td></tr>
<tr><th>Date</th><td>${htmlEscape(when(m.date))}</td></tr>
<tr><th>Received</th><td>${htmlEscape(when(m.receivedAt))}</td></tr>
</table>
<pre>${htmlEscape(m.text)}</pre>
<h2>Attachments</h2>
${attachments}
<p><a href="/messages/${id}.eml" download="${htmlEscape(m.id)}.eml">Download the raw message (.eml)</a></p>`,
  );
}

export async function startMailSink({ smtpPort = 1025, webPort = 1080, host = '127.0.0.1', dir } = {}) {
  if (!dir) throw new Error('startMailSink: `dir` is required');
  dir = resolve(dir);
  await mkdir(dir, { recursive: true });

  // Load the history, in file-name order so `seq` continues after the highest n.
  const byId = new Map();
  let seq = 0;
  for (const name of (await readdir(dir)).filter((n) => FILE_NAME.test(n))) {
    const [, timestamp, n] = FILE_NAME.exec(name);
    const id = name.slice(0, -'.eml'.length);
    byId.set(id, await summarize(id, new Date(Number(timestamp)), await readFile(join(dir, name))));
    seq = Math.max(seq, Number(n));
  }
  const messages = () => [...byId.values()].sort(newestFirst);

  async function store(raw) {
    const receivedAt = new Date();
    const id = `${receivedAt.getTime()}-${++seq}`;
    // Write then rename, so a half-written file is never loaded as a message.
    const file = join(dir, `${id}.eml`);
    await writeFile(`${file}.tmp`, raw);
    await rename(`${file}.tmp`, file);
    byId.set(id, await summarize(id, receivedAt, raw));
  }

  const smtp = new SMTPServer({
    banner: 'OMS development mail sink',
    logger: false,
    disabledCommands: ['STARTTLS'], // plain SMTP only, like the apps' smtp:// URLs
    authOptional: true,
    // Clients configured with credentials still get through: any user/password is accepted.
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username ?? 'anonymous' }),
    disableReverseLookup: true, // no DNS look-ups of the client's address
    size: MAX_MESSAGE_BYTES,
    closeTimeout: 1000,
    onData(stream, _session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        if (stream.sizeExceeded) {
          return callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));
        }
        // Answer 250 only once the message is on disk.
        store(Buffer.concat(chunks)).then(() => callback(), callback);
      });
    },
  });
  // Without a listener, a client dropping its connection would crash the process.
  // Listen errors (port in use) are reported once, by the caller of startMailSink.
  smtp.on('error', (error) => {
    if (error.syscall !== 'listen' && !['ECONNRESET', 'EPIPE', 'ETIMEDOUT'].includes(error.code)) console.error('[mail] smtp error:', error.message);
  });

  const web = createServer(async (req, res) => {
    const send = (status, type, body, headers = {}) => {
      res.writeHead(status, {
        'Content-Type': type,
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        // Mail content is untrusted: no scripts, no remote resources.
        'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'",
        ...headers,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    const html = (status, body) => send(status, 'text/html; charset=utf-8', body);
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'Method not allowed', { Allow: 'GET, HEAD' });

    const { pathname } = new URL(req.url, 'http://localhost');
    if (pathname === '/') return html(200, listPage(messages()));
    if (pathname === '/api/messages') return send(200, 'application/json; charset=utf-8', JSON.stringify(messages()));

    const match = /^\/messages\/(\d+-\d+)(\.eml|\/attachments\/(\d+))?$/.exec(pathname);
    const message = match && byId.get(match[1]);
    if (!message) return html(404, page('Not found', '<h1>Not found</h1><p><a href="/">All messages</a></p>'));
    if (!match[2]) return html(200, messagePage(message));
    try {
      const raw = await readFile(join(dir, `${message.id}.eml`));
      if (match[3] !== undefined) {
        // Attachments are parsed from the stored message when asked for, so memory holds summaries only.
        const attachment = (await simpleParser(raw)).attachments[Number(match[3])];
        if (!attachment) return html(404, page('Not found', '<h1>No such attachment</h1>'));
        const name = (attachment.filename ?? `attachment-${match[3]}`).replace(/[^\w.-]/g, '_');
        // PDFs and images open in the browser; anything else (HTML…) is saved, never rendered here.
        const inline = /^(application\/pdf|image\/(png|jpeg|gif))$/.test(attachment.contentType);
        return send(200, attachment.contentType, attachment.content, { 'Content-Disposition': `${inline ? 'inline' : 'attachment'}; filename="${name}"` });
      }
      return send(200, 'message/rfc822', raw, { 'Content-Disposition': `attachment; filename="${message.id}.eml"` });
    } catch {
      return html(404, page('Not found', '<h1>The .eml file is gone</h1>'));
    }
  });

  const listen = (server, port) =>
    new Promise((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolveListen(server.address().port);
      });
    });
  const actualSmtpPort = await listen(smtp.server, smtpPort);
  let actualWebPort;
  try {
    actualWebPort = await listen(web, webPort);
  } catch (error) {
    await new Promise((r) => smtp.close(r));
    throw error;
  }

  let closing;
  return {
    smtpUrl: `smtp://${host}:${actualSmtpPort}`,
    webUrl: `http://${host}:${actualWebPort}`,
    close: () =>
      (closing ??= Promise.all([
        new Promise((r) => smtp.close(r)),
        new Promise((r) => {
          web.closeAllConnections(); // drop keep-alive sockets so close() resolves
          web.close(() => r());
        }),
      ]).then(() => undefined)),
  };
}

// Run directly: `node apps/devstack/src/mail-sink.mjs`.
const isMain = process.argv[1] && import.meta.url === pathToFileURL(realpathSync(process.argv[1])).href;
if (isMain) {
  try {
    const sink = await startMailSink({
      smtpPort: Number(process.env.MAIL_SMTP_PORT || 1025),
      webPort: Number(process.env.MAIL_WEB_PORT || 1080),
      dir: process.env.MAIL_DIR || join(process.cwd(), '.data', 'mail'),
    });
    process.stdout.write(`MAIL_SINK_READY ${sink.smtpUrl} ${sink.webUrl}\n`);
    const stop = () => sink.close().then(() => process.exit(0));
    process.once('SIGTERM', stop);
    process.once('SIGINT', stop);
  } catch (error) {
    console.error('[mail] failed to start:', error.message);
    process.exit(1);
  }
}
