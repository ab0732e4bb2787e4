# One image for every Panda service; docker-compose.yml runs it with a different command per service:
#   command-service  node --import tsx server/src/start-command.ts      (port 3001)
#   query-service    node --import tsx server/src/start-query.ts        (port 3000, also serves the web app)
#   projections      node --import tsx server/src/start-projections.ts
# The services run TypeScript through tsx (a dev dependency), so the image keeps the full install.
# Node itself is the process (no npx/tsx wrapper in between), so SIGTERM reaches its shutdown handler;
# compose adds an init process (init: true) to reap children.

FROM node:20.20.2-bookworm-slim AS build
WORKDIR /app
# Only needed when a native module has no prebuilt binary for the platform (better-sqlite3 falls back
# to compiling); they stay in this stage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build:web

FROM node:20.20.2-bookworm-slim
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# DATA_DIR is only used for what is kept locally (embedded stores when no KurrentDB/MongoDB is set,
# generated secrets when JWT_SECRET/ADMIN_PORTAL_PATH are not set, the mail outbox without SMTP_URL).
# The outbox folder exists in the image so that a volume mounted on it starts owned by `node`.
# HOST: a container must listen on all its interfaces (npm start alone listens on loopback only).
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    HOST=0.0.0.0 \
    PORT=3000
RUN mkdir -p /app/data/outbox && chown -R node:node /app/data
USER node
EXPOSE 3000 3001
CMD ["node", "--import", "tsx", "server/src/start-query.ts"]
