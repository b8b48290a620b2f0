# syntax=docker/dockerfile:1
# The production image. It was not built where it was written: that machine cannot pull base images
# (docs/deploy.md). Build: docker build -t common-bond-site .

FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:24-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    SKIP_BUILD=1 \
    UV_THREADPOOL_SIZE=2 \
    MALLOC_ARENA_MAX=2 \
    MALLOC_TRIM_THRESHOLD_=131072
WORKDIR /app
COPY --from=build /app/package.json ./package.json
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/db/migrations ./db/migrations
COPY --from=build /app/server/start.mjs ./server/start.mjs
# The embedded database's folder (unused when DATABASE_URL is set), owned by the unprivileged user.
RUN mkdir -p /data && chown node:node /data
VOLUME /data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same Node options as `npm start` (package.json); server/container.test.ts checks they agree.
CMD ["node", "--max-old-space-size=256", "--max-semi-space-size=2", "--v8-pool-size=1", "server/start.mjs"]
