import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import pino, { type DestinationStream } from 'pino';
import { AUTH_ROUTE_DESCRIPTIONS } from '../auth/auth.describe.ts';
import { registerAuthRoutes } from '../auth/auth.routes.ts';
import { registerActionRoutes } from './actions/routes.ts';
import { registerSubjectAccess } from './actions/subject-access.ts';
import { type Clock, systemClock } from './clock.ts';
import type { Config } from './config.ts';
import { registerSiteChecks } from './csrf.ts';
import type { Database, PoolUse } from './db/connect.ts';
import { registerDevRoutes } from './dev.routes.ts';
import { AppError, handleError } from './errors.ts';
import { registerHealthRoutes, Workers } from './health.ts';
import { registerMailRoutes } from './mail.routes.ts';
import { MailSender, type MailSenderOptions, type MailTransport, smtpTransport } from './mail.sender.ts';
import { outboxMailer } from './mail.ts';
import { registerMetrics } from './metrics.ts';
import type { AppModule } from './module.ts';
import { registerNulGuard } from './nul-guard.ts';
import { describeActionRoutes } from './openapi/actions.ts';
import { collectRoutes } from './openapi/catalogue.ts';
import { OPENAPI_ROUTE_DESCRIPTIONS, registerOpenApiRoutes } from './openapi/routes.ts';
import { PLATFORM_ROUTE_DESCRIPTIONS } from './platform.describe.ts';
import { registerRateLimits } from './rate-limit.ts';
import type { RouteDescription } from './read/describe.ts';
import { hasWebBuild, inlineScriptSources, registerWebApp, sendAppPage } from './static.ts';

/** Inputs of buildApp; everything but config and db has a default. */
export interface BuildAppOptions {
  config: Config;
  db: Database;
  /** Sends the outbox (default: SMTP_URL's server; none without it). */
  mailTransport?: MailTransport;
  /** How the outbox sender polls, retries and gives up (defaults in MailSender). */
  mailSender?: MailSenderOptions;
  clock?: Clock;
  /** Where log lines go (default stdout); tests pass a stream to read them. */
  logDestination?: DestinationStream;
  /** The built web app to serve, when it exists (default: the configured WEB_DIST_DIR). */
  webDistDir?: string;
  /** The database pool's use, for metrics (PostgreSQL). */
  poolUse?: () => PoolUse;
}

/** What the platform builds an application of: the options and the modules it serves. */
interface PlatformAppOptions extends BuildAppOptions {
  modules: readonly AppModule[];
  /** Descriptions of the routes neither a read declaration nor an action describes (sign-in, hand-written reads). */
  routeDescriptions?: readonly RouteDescription[];
}

/** Log paths that may hold secrets: never written out. */
const REDACTED_LOG_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.code',
  '*.token',
  '*.totpSecret',
  '*.secret',
];

/** How much of a request's address a log line keeps. */
const LOGGED_URL_LENGTH = 500;

/** Largest JSON body accepted (413 beyond). */
export const JSON_BODY_LIMIT_BYTES = 512 * 1024;

const isApiPath = (url: string): boolean =>
  url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Builds the Fastify application (not listening) of the given modules: security headers, CSRF check, sign-in
 * routes, each module's read access, routes and generated action routes, web app.
 */
export async function createApp(options: PlatformAppOptions): Promise<FastifyInstance> {
  const { config, db } = options;
  const clock = options.clock ?? systemClock;
  const logger: FastifyBaseLogger = pino(
    {
      level: config.logLevel,
      redact: { paths: REDACTED_LOG_PATHS, censor: '[redacted]' },
      // What a request line holds: never its body, and at most the start of a (possibly huge) address.
      serializers: {
        req: (request: { method?: string; url?: string; host?: string; ip?: string }) => ({
          method: request.method,
          url: request.url?.slice(0, LOGGED_URL_LENGTH),
          host: request.host?.slice(0, 200),
          remoteAddress: request.ip,
        }),
      },
    },
    options.logDestination,
  );
  const mailTransport = options.mailTransport ?? (config.smtpUrl ? smtpTransport(config.smtpUrl) : undefined);
  // Every process sends its share of the outbox; without a transport e-mails wait there (the System page shows them).
  const mailSender = mailTransport
    ? new MailSender(db, clock, mailTransport, config.mailFrom, new URL(config.publicUrl).hostname, {
        log: logger,
        ...options.mailSender,
      })
    : undefined;
  const wakeMailSender = () => mailSender?.wake();
  const mailer = outboxMailer(db, clock, wakeMailSender);
  const { trustProxy } = config;
  const app = Fastify({
    loggerInstance: logger,
    // A hop count becomes Fastify's trust function: trust the nearest `trustProxy` proxies.
    trustProxy:
      typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
    // JSON bodies: the largest form (a rich-text comment) is far smaller; files come as multipart.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    // A search term is a path parameter: long enough for its route to answer a too-long term in words, not a 414.
    routerOptions: { maxParamLength: 1000 },
  });
  app.decorate('deps', { config, db, mailer, wakeMailSender, clock });
  // Every route registered from here on is listed in the API description (and checked against it by the tests).
  const registeredRoutes = collectRoutes(app);
  app.decorate('registeredRoutes', registeredRoutes);
  app.setErrorHandler(handleError);

  const webDistDir = options.webDistDir ?? config.webDistDir;
  const serveWebApp = hasWebBuild(webDistDir);
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The built pages' own inline scripts are allowed by their hashes, nothing else inline.
        scriptSrc: ["'self'", ...(serveWebApp ? inlineScriptSources(webDistDir) : [])],
        // Mantine writes its CSS variables and component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // CSP frame-ancestors 'none' is the rule; X-Frame-Options SAMEORIGIN would contradict it.
    xFrameOptions: false,
    // Sent below, and only where HTTPS is in use: over plain HTTP it is meaningless and misleading.
    strictTransportSecurity: false,
  });
  const publicUrlIsHttps = new URL(config.publicUrl).protocol === 'https:';
  app.addHook('onSend', async (request, reply) => {
    if (request.protocol === 'https' || publicUrlIsHttps) {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // API answers can hold personal data: never kept by the browser or a shared cache.
    if (isApiPath(request.url) && !reply.hasHeader('cache-control'))
      reply.header('cache-control', 'no-store');
  });
  await app.register(compress);
  await app.register(cookie);

  registerSiteChecks(app, config);
  registerNulGuard(app);
  await registerRateLimits(app);

  // Readiness waits for every declared worker: the outbox sender (with a mail server) and the solver-task runner,
  // which the process that listens starts (server.ts); an app without one is not ready to serve.
  const workers = new Workers();
  if (mailSender) workers.set('mail', () => mailSender.active);
  workers.set('solver', () => false);
  const metrics = registerMetrics(app, { db, token: config.metricsToken, poolUse: options.poolUse });
  app.decorate('ops', { workers, metrics });
  registerHealthRoutes(app, workers);
  registerOpenApiRoutes(
    app,
    () => ({
      title: 'Curlew API',
      version: '1',
      description:
        "Every route of the Curlew API. Sign in with a session cookie (the web app) or send a personal API token made on the profile page as `Authorization: Bearer <token>`; a token acts with exactly its user's rights. Failures answer the ErrorBody.",
      serverUrl: new URL(config.publicUrl).origin,
    }),
    registeredRoutes,
    () => [
      ...PLATFORM_ROUTE_DESCRIPTIONS,
      ...OPENAPI_ROUTE_DESCRIPTIONS,
      ...AUTH_ROUTE_DESCRIPTIONS,
      ...(options.routeDescriptions ?? []),
      ...options.modules.flatMap((module) => module.routeDescriptions ?? []),
      ...options.modules.flatMap((module) => (module.actions ?? []).flatMap(describeActionRoutes)),
    ],
  );
  await app.register(registerAuthRoutes);
  for (const module of options.modules) {
    for (const [subjectType, access] of Object.entries(module.subjects ?? {}))
      registerSubjectAccess(subjectType, access);
  }
  for (const module of options.modules) {
    const { routes } = module;
    if (routes) await app.register(routes);
  }
  await app.register((scope) =>
    registerActionRoutes(
      scope,
      options.modules.flatMap((module) => module.actions ?? []),
    ),
  );
  await app.register(registerMailRoutes);
  if (!config.production) await app.register(registerDevRoutes);

  if (serveWebApp) await registerWebApp(app, webDistDir);
  app.setNotFoundHandler(async (request, reply) => {
    if (serveWebApp && !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) {
      return sendAppPage(reply, webDistDir, request.url);
    }
    throw new AppError('not_found', `Not found: ${request.method} ${request.url.split('?')[0]}`);
  });

  app.addHook('onReady', async () => {
    mailSender?.start();
  });
  app.addHook('onClose', async () => {
    await mailSender?.stop();
  });
  return app;
}
