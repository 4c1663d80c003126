import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from './config.ts';
import { AppError } from './errors.ts';

const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const ACCEPTED_BODY_TYPES: ReadonlySet<string> = new Set(['application/json', 'multipart/form-data']);
/** The names of this machine's loopback interface, as a browser writes them in a URL. */
const LOOPBACK_HOSTNAMES: readonly string[] = ['localhost', '127.0.0.1', '[::1]'];

/** The origins and host names this server answers for. */
interface SiteIdentity {
  /** Origins (scheme://host[:port]) whose pages may send state-changing requests. */
  origins: ReadonlySet<string>;
  /** Host names (without port) a request's Host header may name. */
  hostnames: ReadonlySet<string>;
}

/**
 * What the server answers for: PUBLIC_URL's origin and the loopback names on the configured port and on the
 * port it actually listens on (which differs when PORT is 0). Never whatever the request's Host header says,
 * since a DNS-rebinding page controls that.
 */
function siteIdentity(config: Config, listeningPort: number | undefined): SiteIdentity {
  const publicUrl = new URL(config.publicUrl);
  const ports = new Set([config.port, ...(listeningPort === undefined ? [] : [listeningPort])]);
  const origins = new Set([publicUrl.origin]);
  for (const port of ports) {
    for (const hostname of LOOPBACK_HOSTNAMES) origins.add(new URL(`http://${hostname}:${port}`).origin);
  }
  return { origins, hostnames: new Set([publicUrl.hostname, ...LOOPBACK_HOSTNAMES]) };
}

/** The port the app listens on, once it does. */
const listeningPortOf = (app: FastifyInstance): number | undefined => {
  const address = app.server.address();
  return address !== null && typeof address === 'object' ? (address as AddressInfo).port : undefined;
};

/** Refuses a request whose Host header names a host this server does not answer for (421). */
function assertKnownHost(request: FastifyRequest, site: SiteIdentity): void {
  const hostname = request.hostname.toLowerCase();
  if (site.hostnames.has(hostname)) return;
  throw new AppError(
    'misdirected_request',
    `This server does not answer for the host '${hostname.slice(0, 100)}'. Set PUBLIC_URL to the address people use.`,
  );
}

/**
 * Refuses a state-changing request whose Origin is not one of ours or whose body is not JSON or multipart:
 * a cross-site form can send neither without a CORS preflight, which this server never grants. A request with an
 * API token (`Authorization: Bearer`) is not checked: it proves itself with the header, which no page can forge.
 */
function assertSameSiteRequest(request: FastifyRequest, site: SiteIdentity): void {
  if (!STATE_CHANGING_METHODS.has(request.method)) return;
  // A bearer request is its token's user only (its cookies are not read), and no cross-site page can set the header.
  if (/^Bearer\s/i.test(request.headers.authorization ?? '')) return;
  const origin = request.headers.origin;
  if (origin !== undefined && !site.origins.has(origin.toLowerCase())) {
    throw new AppError('csrf', 'Cross-site request refused');
  }
  const contentType = request.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (contentType === undefined || !ACCEPTED_BODY_TYPES.has(contentType)) {
    throw new AppError('csrf', 'Requests must send a JSON or multipart body');
  }
}

/**
 * Probes a load balancer or monitor sends to a server's own address (any Host): read only, holding no one's data
 * (`/metrics` answers loopback or its token only).
 */
const PROBE_PATHS: ReadonlySet<string> = new Set(['/api/health', '/api/ready', '/metrics']);

/** Adds the Host and cross-site checks to every request of the app (but the probes'). */
export function registerSiteChecks(app: FastifyInstance, config: Config): void {
  let site: SiteIdentity | undefined;
  let siteForPort: number | undefined;
  app.addHook('onRequest', async (request) => {
    if (request.method === 'GET' && PROBE_PATHS.has(request.url)) return;
    const port = listeningPortOf(app);
    if (site === undefined || siteForPort !== port) {
      site = siteIdentity(config, port);
      siteForPort = port;
    }
    assertKnownHost(request, site);
    assertSameSiteRequest(request, site);
  });
}
