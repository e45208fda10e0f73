# syntax=docker/dockerfile:1
# Sira in a container (README "Production"): built in one stage, run from a smaller one as an unprivileged user.
# The image holds no data: mount a volume at /data for the embedded database and uploads, or set DATABASE_URL and
# S3_BUCKET (see compose.yaml) and run as many containers as you like.

FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim AS runtime
# A line per request in the container's log (JSON: the log is no terminal). Two malloc arenas: libvips' encoding
# threads otherwise keep arenas of their own, and the memory in them (decision 003).
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_REQUESTS=1
WORKDIR /app
# What the server and the owner's commands (npm run admin:password, backup, restore, storage:migrate) read.
COPY --from=build /app/package.json /app/package-lock.json /app/server.js ./
COPY --from=build /app/node_modules ./node_modules
COPY --from=build /app/build ./build
COPY --from=build /app/app ./app
COPY --from=build /app/config ./config
COPY --from=build /app/core ./core
COPY --from=build /app/db ./db
COPY --from=build /app/scripts ./scripts
COPY --from=build /app/server ./server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# As `npm start` runs it, with its two Node flags (decision 003); SIGTERM finishes open requests and closes the
# database.
CMD ["node", "--liftoff-only", "--max-semi-space-size=2", "server.js"]
