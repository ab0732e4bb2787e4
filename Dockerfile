# One image for every Panda service; docker-compose.yml runs it with a different command per service:
#   command-service  npx tsx server/src/start-command.ts      (port 3001)
#   query-service    npx tsx server/src/start-query.ts        (port 3000, also serves the web app)
#   projections      npx tsx server/src/start-projections.ts
# The services run TypeScript through tsx (a dev dependency), so the image keeps the full install.

FROM node:20-bookworm-slim AS build
WORKDIR /app
# Only needed when a native module has no prebuilt binary for the platform (better-sqlite3 falls back
# to compiling); they stay in this stage.
RUN apt-get update \
 && apt-get install -y --no-install-recommends python3 make g++ \
 && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund
RUN npm run build:web

FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=build --chown=node:node /app /app
# DATA_DIR is only used for what is kept locally (embedded stores when no KurrentDB/MongoDB is set,
# generated secrets when JWT_SECRET/ADMIN_PORTAL_PATH are not set).
ENV NODE_ENV=production \
    DATA_DIR=/app/data \
    PORT=3000
RUN mkdir -p /app/data && chown node:node /app/data
USER node
EXPOSE 3000 3001
CMD ["npx", "tsx", "server/src/start-query.ts"]
