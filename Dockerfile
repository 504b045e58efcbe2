# syntax=docker/dockerfile:1
# One image recipe for every server app; the app is chosen by the APP build arg (and env):
#   docker build --build-arg APP=identity -t learnhub/identity .
#   docker run -e APP=worker learnhub/identity     # same image, another app
# The gateway image also carries the built SPA (apps/web/dist), which it serves at /.

# ---- manifests: only the package.json files, so `npm install` is cached until one changes
FROM node:24-bookworm-slim AS manifests
WORKDIR /app
COPY . .
RUN find . -type f ! -name package.json ! -name package-lock.json -delete && find . -mindepth 1 -type d -empty -delete

# ---- deps: the whole workspace's dependencies (dev ones too: swc and Vite build the apps)
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY --from=manifests /app ./
# `npm install`, not `npm ci`: the lock file lacks other platforms' optional binaries
RUN npm install --no-audit --no-fund

# ---- build: swc for every server app and lib, Vite for the SPA; then drop dev dependencies
FROM deps AS build
COPY . .
RUN node infra/build.mjs \
 && npm prune --omit=dev --no-audit --no-fund

# ---- runtime
FROM node:24-bookworm-slim AS runtime
ENV NODE_ENV=production \
    STORAGE_DIR=/data/storage
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/libs ./libs
COPY --from=build /app/apps ./apps
COPY --from=build /app/infra ./infra
RUN mkdir -p /data/storage && chown node:node /data/storage
ARG APP=gateway
ENV APP=${APP}
USER node
EXPOSE 3000
# exec: node is PID 1 and gets SIGTERM itself (the apps drain on it)
CMD exec node --enable-source-maps apps/${APP}/dist/main.js
