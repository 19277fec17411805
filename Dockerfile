# syntax=docker/dockerfile:1
# Prelaunch: TypeScript with no compile step here. `serve` and `worker` bundle src/ with esbuild as
# they start (bin/bundle.js, into /app/.bundle, the one directory of /app the `node` user may write)
# and run the bundle with node; short commands run through tsx. Both are dependencies: the build
# stage only installs the production dependencies, with the tools better-sqlite3 needs when no
# prebuilt binary fits the platform. The runtime stage has neither those tools nor dev dependencies.

FROM node:20-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev && npm cache clean --force

FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    HOST=0.0.0.0 \
    DATABASE_URL=sqlite:/data/prelaunch.sqlite
WORKDIR /app
COPY --from=build /app/node_modules ./node_modules
COPY package.json package-lock.json tsconfig.json ./
COPY bin ./bin
COPY src ./src
# The embedded default keeps its SQLite file on a volume, and each start writes its bundle; the
# image's own files stay root's.
RUN mkdir /data /app/.bundle && chown node:node /data /app/.bundle
USER node
VOLUME ["/data"]
EXPOSE 3000
# /healthz answers while the process is up (/readyz also checks the database): `serve` on PORT,
# `prelaunch worker` on WORKER_METRICS_PORT when that is set; the check asks both (bin/healthcheck.js).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "/app/bin/healthcheck.js"]
ENTRYPOINT ["node", "bin/prelaunch.js"]
# One process by default; `serve --workers N` for N processes on the port (docker-compose.yml).
CMD ["serve"]
