import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { type SentFile, sendFile } from './send-file.ts';

/** Answers `file` at GET /file and returns the answer. */
const download = async (file: SentFile) => {
  const app = Fastify();
  app.get('/file', async (_request, reply) => sendFile(reply, file));
  const answer = await app.inject({ method: 'GET', url: '/file' });
  await app.close();
  return answer;
};

describe('sendFile', () => {
  it('answers the body with its content type and an attachment naming the file', async () => {
    const answer = await download({ filename: 'allocations.csv', contentType: 'text/csv', body: 'a,b\r\n' });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv');
    expect(answer.headers['content-disposition']).toBe('attachment; filename=allocations.csv');
    expect(answer.body).toBe('a,b\r\n');
  });

  it('quotes a name with spaces, and gives a name outside ASCII an ASCII fallback and its RFC 8187 form', async () => {
    const spaced = await download({
      filename: 'Credit certificate - Mill Lane.pdf',
      contentType: 'x/y',
      body: '',
    });
    expect(spaced.headers['content-disposition']).toBe(
      'attachment; filename="Credit certificate - Mill Lane.pdf"',
    );
    const unicode = await download({ filename: 'Zoë’s "plan"; v1.pdf', contentType: 'x/y', body: '' });
    expect(unicode.headers['content-disposition']).toBe(
      `attachment; filename="Zo__s _plan__ v1.pdf"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20%22plan%22%3B%20v1.pdf`,
    );
  });

  it('streams a readable body and adds the further headers it is given', async () => {
    const answer = await download({
      filename: 'data.xlsx',
      contentType: 'application/octet-stream',
      body: Readable.from([Buffer.from('PK'), Buffer.from('..')]),
      headers: { 'cache-control': 'no-store' },
    });
    expect(answer.rawPayload.toString()).toBe('PK..');
    expect(answer.headers['cache-control']).toBe('no-store');
  });
});
