import type { Readable } from 'node:stream';
import { create as contentDisposition } from 'content-disposition';
import type { FastifyReply } from 'fastify';

/** A file the server answers as a download. */
export interface SentFile {
  /** The name the browser saves it under; any text (a name that is not plain ASCII also goes in RFC 8187 form). */
  filename: string;
  contentType: string;
  body: string | Buffer | Readable;
  /** Further headers of this download (e.g. `cache-control`, `content-length`). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * The plain ASCII name a browser without RFC 8187 support saves a file under: characters outside printable ASCII
 * and those a file system or a header may mistake (" \ / ; %) become `_`; at most 150 characters.
 */
const asciiFallback = (filename: string): string =>
  filename.replace(/[^\x20-\x7e]|["\\/;%]/g, '_').slice(0, 150) || 'download';

/** Answers a download: its content type and an `attachment` Content-Disposition naming the file. */
export function sendFile(reply: FastifyReply, file: SentFile): FastifyReply {
  return reply
    .headers({
      'content-type': file.contentType,
      'content-disposition': contentDisposition(file.filename, { fallback: asciiFallback(file.filename) }),
      ...file.headers,
    })
    .send(file.body);
}
