# syntax=docker/dockerfile:1
# Punktejagd: the server with the site's builds, for PostgreSQL, S3 and SMTP behind a load balancer
# (compose.yaml; docs/deployment.md). No container engine was at hand when this was written: its
# steps are the ones scripts/test-topology.mjs proves (CI's install and build scripts; the runtime
# tree below, laid out by hand, with the instances started from it: TOPOLOGY_APP_ROOT).

# The Node line the topology test runs the instances on (it reads this line; scripts/node-runtime.mjs pins the release).
ARG NODE_IMAGE=node:24.21.0-bookworm-slim

# ── build: the same install and build as CI (.ci/run, scripts/build.mjs) ──────────────────────────
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY . .
RUN npm ci --no-audit --no-fund --include=dev \
 && node scripts/build.mjs --all

# ── runtime: the builds and the production dependencies only, as user node ───────────────────────
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
# Every workspace's package.json: npm ci checks the lockfile against all of them.
COPY --from=build /src/package.json /src/package-lock.json ./
COPY --from=build /src/shared-contracts/package.json shared-contracts/
COPY --from=build /src/server/package.json server/
COPY --from=build /src/host/package.json host/
COPY --from=build /src/mf-auth/package.json mf-auth/
COPY --from=build /src/mf-challenges/package.json mf-challenges/
COPY --from=build /src/mf-standings/package.json mf-standings/
COPY --from=build /src/mf-profile/package.json mf-profile/
COPY --from=build /src/mf-backoffice/package.json mf-backoffice/
RUN npm ci --no-audit --no-fund --omit=dev --ignore-scripts \
 && npm cache clean --force
COPY --from=build /src/shared-contracts/dist shared-contracts/dist
COPY --from=build /src/server/dist server/dist
COPY --from=build /src/server/drizzle server/drizzle
COPY --from=build /src/server/season server/season
COPY --from=build /src/host/dist host/dist
COPY --from=build /src/mf-auth/dist mf-auth/dist
COPY --from=build /src/mf-challenges/dist mf-challenges/dist
COPY --from=build /src/mf-standings/dist mf-standings/dist
COPY --from=build /src/mf-profile/dist mf-profile/dist
COPY --from=build /src/mf-backoffice/dist mf-backoffice/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
# Readiness: 200 while the database answers, the job workers run and the server is not closing.
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM closes gracefully (docs/configuration.md): give it 30 s or more (compose: stop_grace_period).
STOPSIGNAL SIGTERM
CMD ["node", "server/dist/server.js"]
