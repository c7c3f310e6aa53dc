import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';

/** Where the page lives, global prefix included; it reads the contract from beside it. */
export const REFERENCE_PATH = '/api/v1/reference';
const CONTRACT_URL = '/api/v1/openapi.json';

// Only what this server serves: no CDN, no validator badge, no fonts from elsewhere.
const PAGE_CSP = "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const PAGE = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>OMS API reference</title><link rel="stylesheet" href="${REFERENCE_PATH}/swagger-ui.css"></head>
<body><div id="reference"></div><script src="${REFERENCE_PATH}/swagger-ui-bundle.js"></script><script src="${REFERENCE_PATH}/init.js"></script></body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to an outside validator.
const INIT = `window.ui = SwaggerUIBundle({ url: ${JSON.stringify(CONTRACT_URL)}, dom_id: '#reference', deepLinking: true, validatorUrl: null, docExpansion: 'none', defaultModelsExpandDepth: 0 });
`;

const ASSETS: Record<string, { type: string; file?: string; text?: string }> = {
  '': { type: 'text/html; charset=utf-8', text: PAGE },
  '/init.js': { type: 'text/javascript; charset=utf-8', text: INIT },
  '/swagger-ui.css': { type: 'text/css; charset=utf-8', file: 'swagger-ui.css' },
  '/swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', file: 'swagger-ui-bundle.js' },
};

/**
 * The contract as a browsable page (Swagger UI, served from node_modules), for development only:
 * `configureApp` adds these routes when NODE_ENV is development. swagger-ui-dist is a development
 * dependency, so a production image has neither the page nor the package.
 */
export function referencePage(fastify: FastifyInstance): void {
  let uiDir: string | null;
  try {
    uiDir = dirname(require.resolve('swagger-ui-dist/package.json'));
  } catch {
    return;
  }
  for (const [path, asset] of Object.entries(ASSETS)) {
    fastify.get(`${REFERENCE_PATH}${path}`, async (_req, reply) => {
      reply.header('Content-Security-Policy', PAGE_CSP).type(asset.type);
      return asset.text ?? readFile(join(uiDir!, asset.file!));
    });
  }
}
