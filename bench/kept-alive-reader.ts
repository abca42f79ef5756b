/**
 * One viewer's own kept-alive connection for re-reading a page, as a browser keeps one beside its
 * event stream: plain HTTP/1.1 over a socket, one request at a time, the answer read by its
 * Content-Length. Thousands of these share one bench process with the viewers' streams, so it
 * does no more than that (node:http's client costs several times as much per request, and the
 * bench would measure itself).
 */
import net from 'node:net';

export interface Answer {
  status: number;
  body: Buffer;
}

const HEADERS_END = Buffer.from('\r\n\r\n');

export class KeptAliveReader {
  readonly #socket: net.Socket;
  readonly #head: string;
  readonly #requests = new Map<string, Buffer>();
  readonly #connected: Promise<void>;
  #chunks: Buffer[] = [];
  #pending: { resolve: (answer: Answer) => void; reject: (err: Error) => void } | null = null;

  /** A connection to `origin` from `localAddress`, sending `headers` with every request. */
  constructor(origin: URL, localAddress: string, headers: Record<string, string>) {
    this.#head = [`Host: ${origin.host}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)].join('\r\n');
    this.#socket = net.connect({ host: origin.hostname, port: Number(origin.port), localAddress });
    this.#socket.setNoDelay(true);
    this.#connected = new Promise((resolve, reject) => {
      this.#socket.once('connect', resolve);
      this.#socket.once('error', reject);
    });
    this.#socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    this.#socket.on('error', (err) => this.#fail(err));
    this.#socket.on('close', () => this.#fail(new Error('connection closed')));
  }

  async get(path: string): Promise<Answer> {
    await this.#connected;
    if (this.#pending) throw new Error('one request at a time');
    let request = this.#requests.get(path);
    if (request === undefined) {
      request = Buffer.from(`GET ${path} HTTP/1.1\r\n${this.#head}\r\n\r\n`);
      this.#requests.set(path, request);
    }
    const bytes = request;
    return new Promise((resolve, reject) => {
      this.#pending = { resolve, reject };
      this.#socket.write(bytes);
    });
  }

  close(): void {
    this.#socket.destroy();
  }

  #onData(chunk: Buffer): void {
    this.#chunks.push(chunk);
    const data = this.#chunks.length === 1 ? chunk : Buffer.concat(this.#chunks);
    this.#chunks = [data];
    const end = data.indexOf(HEADERS_END);
    if (end === -1) return;
    const head = data.subarray(0, end).toString('latin1');
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    if (!length) return this.#fail(new Error(`an answer without Content-Length: ${head.split('\r\n')[0]}`));
    const total = end + HEADERS_END.length + Number(length[1]);
    if (data.length < total) return;
    this.#chunks = data.length > total ? [data.subarray(total)] : [];
    const pending = this.#pending;
    this.#pending = null;
    pending?.resolve({ status: Number(head.slice(9, 12)), body: data.subarray(end + HEADERS_END.length, total) });
  }

  #fail(err: Error): void {
    const pending = this.#pending;
    this.#pending = null;
    pending?.reject(err);
  }
}
