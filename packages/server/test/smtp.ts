import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One e-mail a test SMTP server accepted. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The Message-ID header, as sent. */
  messageId: string;
  raw: string;
}

/**
 * How the test server answers: `down` refuses every connection (421 at the greeting), `refusing` refuses every
 * recipient (550), `accepting` takes every e-mail, `stalling` reads an e-mail and holds its answer until `release`.
 */
export type SmtpMode = 'down' | 'refusing' | 'accepting' | 'stalling';

/** A real SMTP server (the `smtp-server` package) on a free local port whose answers a test switches. */
export interface TestSmtpServer {
  url: string;
  mode: SmtpMode;
  received: ReceivedMail[];
  /** How many connections it refused and recipients it rejected. */
  refusals: number;
  /** How many e-mails wait for their answer (`stalling`). */
  readonly stalled: number;
  /** Accepts the e-mails held while stalling. */
  release(): void;
  /** Delay before each e-mail is accepted, in milliseconds (default none). */
  acceptDelayMs: number;
  close(): Promise<void>;
}

const refusal = (message: string, responseCode: number): Error =>
  Object.assign(new Error(message), { responseCode });

/** Starts a test SMTP server, accepting unless told otherwise. */
export async function startTestSmtpServer(mode: SmtpMode = 'accepting'): Promise<TestSmtpServer> {
  const held: (() => void)[] = [];
  const state: TestSmtpServer = {
    url: '',
    mode,
    received: [],
    refusals: 0,
    get stalled() {
      return held.length;
    },
    release() {
      for (const answer of held.splice(0)) answer();
    },
    acceptDelayMs: 0,
    close: () => new Promise<void>((resolve) => server.close(resolve)),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (state.mode !== 'down') return callback();
      state.refusals += 1;
      callback(refusal('Service not available, closing transmission channel', 421));
    },
    onRcptTo(address, _session, callback) {
      if (state.mode !== 'refusing') return callback();
      state.refusals += 1;
      callback(refusal(`<${address.address}>: Mailbox unavailable`, 550));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        state.received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          messageId: raw.match(/^Message-ID: (.+)$/im)?.[1]?.trim() ?? '',
          raw,
        });
        if (state.mode === 'stalling') held.push(() => callback());
        else if (state.acceptDelayMs > 0) setTimeout(() => callback(), state.acceptDelayMs);
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
