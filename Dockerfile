# syntax=docker/dockerfile:1
# One image per service: docker build --build-arg APP=webhooks -t governance-webhooks .
# Apps: identity, systems, probe-ingest, assess, policies, webhooks, dashboard, reports.
# The container serves; with the argument `migrate` (docker run governance-webhooks migrate) it applies the
# service's migrations and exits, which is what the compose migration jobs and the k8s init containers run.
ARG NODE_IMAGE=node:24-bookworm-slim

# Production dependencies only, exactly as locked. Install scripts stay on because some packages fetch
# their platform binaries in them.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund --ignore-scripts=false \
  && npm cache clean --force

# Full install and the webpack bundle of one app. Also the image of the probe simulator (compose profile
# `simulator`), which runs TypeScript through @swc-node/register, a dev dependency.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc ./
RUN npm ci --no-audit --no-fund --ignore-scripts=false
COPY . .
ARG APP
RUN test -n "$APP" || { echo "--build-arg APP=<app> is required" >&2; exit 1; } \
  && node tools/build.js "$APP"

FROM ${NODE_IMAGE} AS runtime
ARG APP
ENV NODE_ENV=production \
  NODE_OPTIONS=--enable-source-maps \
  APP=${APP} \
  PORT=8080
WORKDIR /app
# Owned by root and read-only to the `node` user: the service writes nothing but /tmp.
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/package.json ./package.json
COPY --from=build /app/dist/apps/${APP} ./dist/apps/${APP}
USER node
EXPOSE 8080
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form cannot expand $APP, so a shell resolves the path and then `exec`s node, which becomes PID 1 and
# receives SIGTERM itself (the services drain on it). Arguments (CMD, compose `command`, k8s `args`) go on to
# main.js: none serves, `migrate` migrates and exits.
ENTRYPOINT ["/bin/sh", "-c", "exec node \"dist/apps/${APP}/main.js\" \"$@\"", "node"]
