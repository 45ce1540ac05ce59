# FourFour: one Node 24 process serving the built web app and /api on $PORT.
#
#   docker build -t fourfour .
#   docker run -p 3000:3000 -v fourfour-data:/data -e NODE_ENV=development fourfour   # try it: PGlite + demo data
#
# The image defaults to NODE_ENV=production, which refuses to start until the production settings are
# given (README, "Configuration"; docs/operations.md). compose.yaml runs a demo site with PostgreSQL,
# Redis and MinIO. scripts/container-smoke.sh builds this file with podman and checks the server in it.
#
# The server runs as `npm start` does: the one-file bundle `npm run build` makes (apps/api/bundle.mjs,
# esbuild), which the browser journeys and the benchmarks also run, so the code CI tests is the code
# that ships. Native modules, PGlite and the API docs' UI stay in node_modules; the SQL migrations
# are read from apps/api/src/db/migrations.

# ---- build: the web client (Vite) into apps/web/dist, the server bundle into apps/api/dist ---------
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
# Only the web and API workspaces' packages (no browsers, test tools or the pinned Node binary): none
# of them needs an install script to be bundled, so none runs.
RUN --mount=type=cache,target=/root/.npm \
    npm ci -w @fourfour/web -w @fourfour/api --ignore-scripts --no-audit --no-fund --loglevel=error
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
COPY apps/api/bundle.mjs apps/api/
COPY apps/api/src apps/api/src
RUN npm run build

# ---- deps: the API's production packages (the bundle's external ones load from here) -----------------
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY packages/shared/package.json packages/shared/
RUN --mount=type=cache,target=/root/.npm \
    npm ci -w @fourfour/api --omit=dev --ignore-scripts --no-audit --no-fund --loglevel=error

# ---- runtime ------------------------------------------------------------------------------------------
FROM node:24-bookworm-slim
LABEL org.opencontainers.image.title="FourFour" \
      org.opencontainers.image.description="FourFour ticketing platform: web app and API on one port"
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATA_DIR=/data
# Event artwork and demo images are SVG text rendered by sharp: it needs a font and fontconfig's setup.
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-dejavu-core fontconfig-config \
 && apt-get clean && rm -rf /var/lib/apt/lists/*
WORKDIR /app
# Code and packages belong to root and are read-only to the server; only DATA_DIR is writable.
COPY --from=deps /app/node_modules node_modules
COPY package.json ./
COPY apps/api/package.json apps/api/
COPY apps/api/src/db/migrations apps/api/src/db/migrations
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# The web's server-side build: the events page's cards rendered with the list (plugins/web-app.ts).
COPY --from=build /app/apps/web/dist-ssr apps/web/dist-ssr
RUN mkdir -p /data && chown node:node /data
VOLUME /data
# The official node image's unprivileged user (uid 1000).
USER node
EXPOSE 3000
# No curl in a slim image: Node's fetch asks the process itself.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form: node itself gets SIGTERM (no shell or npm in between). The server stops accepting
# connections, finishes requests in flight and exits 0 (forced after 25 s, inside the 30 s that
# compose.yaml's stop_grace_period allows; docker's default is 10 s: `docker stop -t 30`).
STOPSIGNAL SIGTERM
# glibc's malloc arenas are the `start` script's: two, not eight per core, so the memory freed by
# Node's worker threads is reused instead of held in an arena each (docs/operations.md, "Memory").
ENV MALLOC_ARENA_MAX=2
# The heap's bounds are the `start` script's (package.json; apps/api/test/server-bundle.test.ts keeps
# the two the same): docs/operations.md, "Memory".
CMD ["node", "--max-semi-space-size=8", "--max-old-space-size=160", "apps/api/dist/server.mjs"]
