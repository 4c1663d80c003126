import { outboxQuerySchema } from '@curlew/domain';
import { z } from 'zod';
import { devOutboxQuery } from './dev.routes.ts';
import { mailIdParams } from './mail.routes.ts';
import { PUBLIC_ACCESS, type RouteDescription, signedInAs } from './read/describe.ts';

const JSON_ONLY = ['application/json'] as const;

/** The descriptions of the platform's own routes (health, readiness, metrics, the mail outbox, the development outbox). */
export const PLATFORM_ROUTE_DESCRIPTIONS: readonly RouteDescription[] = [
  {
    method: 'GET',
    url: '/api/health',
    summary: 'Whether the server is up',
    access: PUBLIC_ACCESS,
    answer: z.object({ ok: z.literal(true) }),
    answerType: 'Health',
    produces: JSON_ONLY,
  },
  {
    method: 'GET',
    url: '/api/ready',
    summary:
      'Whether the server can serve: the database answers, the migrations are applied and the workers run (503 naming what is not)',
    access: PUBLIC_ACCESS,
    answerType: 'Readiness',
    produces: JSON_ONLY,
  },
  {
    method: 'GET',
    url: '/metrics',
    summary: 'Prometheus metrics, to this machine only or with the METRICS_TOKEN bearer',
    access: PUBLIC_ACCESS,
    answerType: 'text',
    produces: ['text/plain'],
  },
  {
    method: 'GET',
    url: '/api/mail',
    summary: 'A page of the e-mail outbox with the count per status',
    access: signedInAs('sysadmin'),
    query: outboxQuerySchema,
    answerType: 'OutboxAnswer',
    produces: JSON_ONLY,
  },
  {
    method: 'POST',
    url: '/api/mail/:id/retry',
    summary: 'Sends a failed e-mail again',
    access: signedInAs('sysadmin'),
    params: mailIdParams,
    answerType: 'OutboxMessage',
    produces: JSON_ONLY,
  },
  {
    method: 'GET',
    url: '/api/dev/outbox',
    summary: 'The latest e-mails written to the outbox (development servers only, never in production)',
    access: signedInAs('sysadmin'),
    query: devOutboxQuery,
    answerType: 'OutboxMessage[]',
    produces: JSON_ONLY,
  },
];
