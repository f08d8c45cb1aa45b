// A real SMTP server on loopback for the mail tests (smtp-server), and a small MIME reader for what it got.
import { createConnection, createServer, type AddressInfo, type Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  /** Header names in lower case, folded lines joined, encoded words decoded. */
  headers: Record<string, string>;
  /** The decoded text/plain and text/html parts. */
  text: string;
  html: string;
  /** Files attached (parts with a file name), decoded. */
  attachments: ReceivedAttachment[];
  raw: string;
}

export interface ReceivedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /**
   * While true the server is down to its clients: every connection is reset as soon as it is made (a sender's error:
   * ECONNRESET). It keeps its port all along, so it comes back where the sender expects it: a port freed meanwhile
   * could be taken by another process (a test file beside this one) before the server listened on it again.
   */
  down: boolean;
  close(): Promise<void>;
}

/**
 * Listens on 127.0.0.1:`port` (0 = any free port); every message is accepted and kept in `received`. With `down` it
 * starts down (see TestSmtpServer.down).
 */
export async function startSmtpServer(port = 0, { down = false }: { down?: boolean } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const mailFrom = session.envelope.mailFrom;
        received.push({
          ...parseMime(raw),
          envelopeFrom: mailFrom === false ? '' : mailFrom.address,
          envelopeTo: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const smtpPort = (server.server.address() as AddressInfo).port;

  // In front of it, on the port the clients are given: passes each connection through, or resets it while down.
  let isDown = down;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  };
  const front = createServer((client) => {
    if (isDown) {
      client.resetAndDestroy();
      return;
    }
    const inner = createConnection(smtpPort, '127.0.0.1');
    track(client);
    track(inner);
    client.on('error', () => inner.destroy());
    inner.on('error', () => client.destroy());
    client.pipe(inner).pipe(client);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      front.once('error', reject);
      front.listen(port, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const actualPort = (front.address() as AddressInfo).port;
  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    received,
    get down() {
      return isDown;
    },
    set down(value: boolean) {
      isDown = value;
    },
    async close() {
      await new Promise<void>((resolve) => {
        front.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

function decodeWords(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_match, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

function decodeQuotedPrintable(value: string): string {
  // as URI escapes: literal % first, then soft line breaks out, then =XX bytes to %XX
  const escaped = value
    .replace(/%/g, '%25')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9a-f]{2})/gi, '%$1');
  return decodeURIComponent(escaped);
}

function splitHeaders(part: string): { headers: Record<string, string>; body: string } {
  const end = part.indexOf('\r\n\r\n');
  const head = end === -1 ? part : part.slice(0, end);
  const body = end === -1 ? '' : part.slice(end + 4);
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/**
 * Enough MIME for nodemailer's output: one text part, or multiparts (alternative text and html, mixed with
 * attachments), nested.
 */
function parseMime(raw: string): Pick<ReceivedMail, 'headers' | 'text' | 'html' | 'attachments'> {
  const { headers, body } = splitHeaders(raw);
  const found = { text: '', html: '', attachments: [] as ReceivedAttachment[] };
  readPart(headers, body, found);
  return { headers, ...found };
}

function readPart(
  headers: Record<string, string>,
  body: string,
  found: Pick<ReceivedMail, 'text' | 'html' | 'attachments'>,
): void {
  const type = (headers['content-type'] ?? 'text/plain').toLowerCase();
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  if (type.startsWith('multipart/') && boundary !== undefined) {
    for (const part of body.split(`--${boundary}`).slice(1, -1)) {
      const inner = splitHeaders(part.replace(/^\r\n/, ''));
      readPart(inner.headers, inner.body, found);
    }
    return;
  }
  const filename = /filename="?([^";]+)"?/i.exec(
    `${headers['content-disposition'] ?? ''}; ${headers['content-type'] ?? ''}`,
  )?.[1];
  if (filename !== undefined) {
    const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
    const content = encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'utf8');
    found.attachments.push({ filename, contentType: type.split(';')[0]!.trim(), content });
    return;
  }
  const decoded = decodeBody(headers, body).replace(/\r\n/g, '\n').replace(/\n$/, '');
  if (type.startsWith('text/html')) found.html = decoded;
  else if (type.startsWith('text/plain')) found.text = decoded;
}
