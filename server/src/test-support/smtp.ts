import net from 'node:net';
import { SMTPServer } from 'smtp-server';
import { freePort } from './server-process.js';

/**
 * A real SMTP server for fault tests (nodemailer's `smtp-server`) on a fixed port, which can be
 * stopped and started again like a mail server that goes away for a while.
 */

export interface ReceivedMail {
  /** Envelope recipients. */
  to: string[];
  messageId: string;
  raw: string;
}

export interface TestSmtp {
  port: number;
  /** `smtp://127.0.0.1:<port>` (no TLS, no login). */
  url: string;
  received: ReceivedMail[];
  /** The mails to one address. */
  to(address: string): ReceivedMail[];
  /** Connections opened so far, open now, and the most open at once. */
  connections: number;
  open: number;
  peak: number;
  /** Cuts every connection instead of taking the next DATA (once per call). */
  cutNextData(): void;
  start(): Promise<void>;
  /** Closes the port at once (connections under way are cut). */
  stop(): Promise<void>;
}

/** The server's open sessions (smtp-server keeps them, without a public API). */
const connectionsOf = (s: SMTPServer) => (s as unknown as { connections?: Set<{ _socket?: net.Socket }> }).connections ?? [];

export async function createTestSmtp(): Promise<TestSmtp> {
  const port = await freePort();
  const received: ReceivedMail[] = [];
  let server: SMTPServer | null = null;
  let cut = 0;
  const smtp: TestSmtp = {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    to: (address) => received.filter((mail) => mail.to.includes(address.toLowerCase())),
    connections: 0,
    open: 0,
    peak: 0,
    cutNextData: () => void cut++,
    async start() {
      if (server) return;
      const s = new SMTPServer({
        authOptional: true,
        disabledCommands: ['STARTTLS', 'AUTH'],
        logger: false,
        onConnect(_session, callback) {
          smtp.connections++;
          smtp.open++;
          smtp.peak = Math.max(smtp.peak, smtp.open);
          callback();
        },
        onClose() {
          smtp.open--;
        },
        onData(stream, session, callback) {
          if (cut > 0) {
            cut--;
            // The server goes away in the middle of the message.
            for (const connection of connectionsOf(s)) connection._socket?.destroy();
            stream.resume();
            return;
          }
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            const raw = Buffer.concat(chunks).toString('utf8');
            const messageId = /^Message-ID:\s*(\S+)/im.exec(raw)?.[1] ?? '';
            received.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), messageId, raw });
            callback();
          });
        },
      });
      s.on('error', () => undefined);
      await new Promise<void>((resolve, reject) => {
        s.server.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
      });
      server = s;
    },
    async stop() {
      const s = server;
      server = null;
      if (!s) return;
      // Cut open sessions too: a mail server that goes away does not finish its conversations.
      for (const connection of connectionsOf(s)) connection._socket?.destroy();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
  await smtp.start();
  return smtp;
}

/**
 * A port that accepts connections and never answers (a mail server that hangs): a mail job
 * talking to it stays running until its SMTP timeout. `connected` resolves at the first connection.
 */
export async function createSilentSmtp(): Promise<{ url: string; connected: Promise<void>; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connected!: () => void;
  const first = new Promise<void>((resolve) => (connected = resolve));
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.on('close', () => sockets.delete(socket));
    connected();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const address = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    connected: first,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
