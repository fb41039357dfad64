# One API process (and the built app it serves). Run several behind a load balancer with DATABASE_URL (PostgreSQL),
# REDIS_URL and S3_BUCKET set (see the README's Deploying section); without them, SQLite and uploads under /data.
FROM node:20-bookworm-slim

WORKDIR /app
COPY package.json package-lock.json ./
# The build tools (Vite, Tailwind) are development dependencies; python3, make and g++ only in case no prebuilt
# SQLite driver fits the platform.
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && npm install --no-audit --no-fund \
  && apt-get purge -y python3 make g++ && apt-get autoremove -y && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm run build && mkdir -p /data && chown node:node /data

ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
VOLUME /data
EXPOSE 3000
USER node
HEALTHCHECK --interval=15s --timeout=3s CMD node -e "fetch('http://127.0.0.1:' + process.env.PORT + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# Node itself, not npm, receives SIGTERM: the server then finishes the requests in flight before it exits.
CMD ["node", "--import", "tsx", "api/main.ts"]
