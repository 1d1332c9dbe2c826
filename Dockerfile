# The shop as a container image (docs/deploy.md, decision 026).
#   docker build -t shilajit-shop .
#   docker run -p 3000:3000 -v shop-data:/data shilajit-shop
# Three stages: dependencies (with the dev tools the build needs), the build, and a small
# runtime that holds only what the server runs, as a non-root user.

# Node 24, the current LTS (Node 20 reached its end of life on 2026-04-30).
ARG NODE_VERSION=24

FROM node:${NODE_VERSION}-bookworm-slim AS deps
WORKDIR /app
ENV PUPPETEER_SKIP_DOWNLOAD=1
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund

FROM deps AS build
COPY . .
# The postgres.js socket guard (decision 052) is applied here: node_modules is read-only at run time.
RUN npm run build && npm run db:driver-guard && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# The bundle reads migrations and demo images from server/ at start; server/, core/ and scripts/
# also let `npm run admin:create` and `npm run db:restore` run inside the container.
COPY --from=build /app/package.json /app/tsconfig.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/server ./server
COPY --from=build /app/core ./core
COPY --from=build /app/scripts ./scripts
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 CMD ["node", "scripts/healthcheck.mjs"]
# node itself is the main process: SIGTERM from `docker stop` reaches the server, which finishes
# the requests in flight and closes the database (run with --init / `init: true` to reap zombies).
CMD ["node", "build/server/index.js"]
