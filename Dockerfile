# One image for every role: ROLE=api (HTTP), ROLE=worker (mail pipeline) or ROLE=all.
# See docs/operations.md. Node 22 as in package.json's engines (>=22.12).

# ── manifests: npm ci needs every workspace's package.json (they are all in the lockfile) ──────
FROM node:22-bookworm-slim AS manifests
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/

# ── build: every dependency, then the web app (apps/web/dist) and the server (apps/server/dist) ──
FROM manifests AS build
RUN npm ci --no-audit --no-fund
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/web apps/web
COPY apps/server apps/server
RUN npm run build

# ── deps: production dependencies only (the bundle imports its packages from node_modules) ───────
FROM manifests AS deps
RUN npm ci --omit=dev --no-audit --no-fund

# ── runtime ────────────────────────────────────────────────────────────────────────────────────
FROM node:22-bookworm-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
# The server runs as a bundle (apps/server/dist); its sources come along for the files it reads at
# run time (migrations, help texts; src/paths.ts) and for one-off scripts run with tsx (stripe-catalog).
COPY tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
# DATA_DIR holds only the system-mail outbox when SMTP_URL is unset (PostgreSQL holds the data).
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
# Only api and all processes listen; the compose file turns this check off for workers.
HEALTHCHECK --interval=10s --timeout=5s --start-period=120s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node itself as PID 1 (not npm): SIGTERM reaches the server, which releases its leases and closes.
# The flags of apps/server/node-flags.mjs (why: there).
CMD ["node", "--heap-growing-percent=40", "apps/server/dist/main.mjs"]
